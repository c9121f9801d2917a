import { parseInput, splitList, todayUtc } from '../../modules/operator';
import {
  addSchoolTeacher,
  createSchool,
  createSchoolInput,
  removeSchoolTeacher,
  schoolTeacherInput,
  updateSchool,
  updateSchoolInput,
  type SchoolLicence,
} from '../../modules/operator';
import { defineCommand, str, type Io } from '../command';

const domain = { type: 'string', help: "any one of the licence's domains" } as const;

function describe(io: Io, licence: SchoolLicence) {
  const expiry = licence.expiration ? `${licence.expiration}${licence.expiration < todayUtc() ? ' (already expired)' : ''}` : 'none';
  io.out(`  id:       ${licence.id}`);
  io.out(`  name:     ${licence.schoolname}`);
  io.out(`  domains:  ${licence.domains.join(', ')} (primary: ${licence.domain})`);
  io.out(`  admins:   ${licence.admins.join(', ') || 'none'}`);
  io.out(`  expires:  ${expiry}`);
  if (licence.logoUrl) io.out(`  logo:     ${licence.logoUrl}`);
}

/** "none" clears the end date; anything else must be a date (checked by the schema). */
/** 'none' clears an optional value (end date, logo). */
const noneOption = (value: string | undefined) => (value?.trim().toLowerCase() === 'none' ? null : value);

export const schoolCommands = [
  defineCommand({
    name: 'school:create',
    group: 'Schools',
    summary: 'Create a school licence and print its id',
    usage: '--name N --domains a.edu,b.edu [--admins x@a.edu,y@a.edu] [--expires YYYY-MM-DD]',
    options: {
      name: { type: 'string', help: "the school's name" },
      domains: { type: 'string', help: 'comma-separated e-mail domains; the first is the primary one' },
      admins: { type: 'string', help: 'comma-separated admin e-mail addresses, on those domains' },
      expires: { type: 'string', help: 'last day of the licence (inclusive, UTC); default: no end' },
    },
    notes: [
      'Prints the new id alone on standard output (the details go to standard error).',
      'Verified addresses on these domains resolve as "active school"; add teachers with school:teacher-add.',
    ],
    parse: (v) =>
      parseInput(createSchoolInput, {
        name: str(v, 'name'),
        domains: splitList(str(v, 'domains')),
        admins: splitList(str(v, 'admins')),
        expires: str(v, 'expires'),
      }),
    run: async (input, { database, io }) => {
      const licence = await createSchool((await database()).db, input);
      io.out(licence.id);
      io.err(`Created the school licence of ${licence.schoolname}:`);
      describe({ out: io.err, err: io.err }, licence);
    },
  }),
  defineCommand({
    name: 'school:update',
    group: 'Schools',
    summary: "Change a school licence's name, domains, admins or end date",
    usage: '--domain D [--name N] [--domains a.edu,b.edu] [--admins x@a.edu,...] [--expires YYYY-MM-DD|none] [--logo-url https://...|none]',
    options: {
      domain,
      name: { type: 'string', help: 'new name' },
      domains: { type: 'string', help: 'the whole new list of domains, comma-separated; the first is the primary one' },
      admins: { type: 'string', help: 'the whole new list of admins, comma-separated ("" for none)' },
      expires: { type: 'string', help: 'new last day (YYYY-MM-DD), or none for no end' },
      'logo-url': { type: 'string', help: 'an https:// address of the school logo shown in the top bar, or none' },
    },
    parse: (v) =>
      parseInput(updateSchoolInput, {
        domain: str(v, 'domain'),
        name: str(v, 'name'),
        domains: splitList(str(v, 'domains')),
        admins: splitList(str(v, 'admins')),
        expires: noneOption(str(v, 'expires')),
        logoUrl: noneOption(str(v, 'logo-url')),
      }),
    run: async (input, { database, io }) => {
      const licence = await updateSchool((await database()).db, input);
      io.out(`Updated the school licence of ${licence.schoolname}:`);
      describe(io, licence);
    },
  }),
  defineCommand({
    name: 'school:teacher-add',
    group: 'Schools',
    summary: "Put a teacher on a school's teachers list, or change their building",
    usage: '--domain D --email E [--building B]',
    options: {
      domain,
      email: { type: 'string', help: "the teacher's address, on one of the licence's domains" },
      building: { type: 'string', help: 'their building; adding again sets it (none when left out)' },
    },
    parse: (v) => parseInput(schoolTeacherInput, { domain: str(v, 'domain'), email: str(v, 'email'), building: str(v, 'building') }),
    run: async (input, { database, io }) => {
      const r = await addSchoolTeacher((await database()).db, input);
      const where = r.building ? `, building ${r.building}` : ', no building';
      io.out(`${r.updated ? 'Updated' : 'Added'} ${r.email} on the teachers list of ${r.school.schoolname}${where}.`);
    },
  }),
  defineCommand({
    name: 'school:teacher-remove',
    group: 'Schools',
    summary: "Take a teacher off a school's teachers list (they become a student of the school)",
    usage: '--domain D --email E',
    options: { domain, email: { type: 'string', help: "the teacher's address" } },
    parse: (v) => parseInput(schoolTeacherInput.pick({ domain: true, email: true }), { domain: str(v, 'domain'), email: str(v, 'email') }),
    run: async (input, { database, io }) => {
      const r = await removeSchoolTeacher((await database()).db, input);
      io.out(`Removed ${r.email} from the teachers list of ${r.school.schoolname}.`);
    },
  }),
];
