import type { PlanSettings } from '../../core/plan';
import { and, eq } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import type { AccountRole } from '../../../contract/account';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { botActorOf, type BotActor } from '../bots';
import { syncBuiltinTemplates } from '../bots';
import { createPasswordUser, setPassword } from '../users';
import { seedDemoClass, type ClassCounts, type DemoStudent } from './demo-classes';
import { seedSampleLibrary, type SampleCounts } from './demo-library';
import { derivedPassphrase } from './passphrase';
import { addSchoolTeacher, createSchool, type SchoolLicence } from './schools.service';

export const DEMO_SCHOOL_NAME = 'Riverside Middle School';
export const DEMO_SCHOOL_DOMAIN = 'riverside.demo';
/** The support address demo:seed uses when SUPPORT_EMAIL is not set. */
export const DEMO_SUPPORT_EMAIL = 'support@classbots.demo';

interface DemoPerson {
  email: string;
  name: string;
  role: AccountRole;
  label: string;
  building?: string;
  admin?: boolean;
  paying?: boolean;
  /** The teacher who shares a bot with the whole school. */
  sharesSchoolBot?: boolean;
  /** The teacher who has the demo class and its assignment. */
  teachesDemoClass?: boolean;
  /** A student of the demo class: how far they are with its assignment. */
  demoClass?: DemoStudent['progress'];
}

const school = (local: string) => `${local}@${DEMO_SCHOOL_DOMAIN}`;
// Individual teachers sit on a domain no licence has, so they resolve outside any school.
const independent = (local: string) => `${local}@independent.demo`;

/** Everyone demo:seed creates apart from the support account, in the order it prints them. */
export const demoPeople: readonly DemoPerson[] = [
  // The admin is on the teachers list too, so they reach both Admin Tools and the teacher area.
  {
    email: school('dana.whitfield'),
    name: 'Dana Whitfield',
    role: 'teacher',
    label: 'school admin and teacher',
    building: 'Main Office',
    admin: true,
  },
  {
    email: school('maria.lopez'),
    name: 'Maria Lopez',
    role: 'teacher',
    label: 'school teacher',
    building: 'North Building',
    teachesDemoClass: true,
  },
  {
    email: school('james.chen'),
    name: 'James Chen',
    role: 'teacher',
    label: 'school teacher',
    building: 'South Building',
    sharesSchoolBot: true,
  },
  { email: school('ava.patel'), name: 'Ava Patel', role: 'student', label: 'school student', demoClass: 'completed' },
  { email: school('liam.johnson'), name: 'Liam Johnson', role: 'student', label: 'school student', demoClass: 'in_progress' },
  { email: school('noah.kim'), name: 'Noah Kim', role: 'student', label: 'school student', demoClass: 'assigned' },
  { email: school('emma.garcia'), name: 'Emma Garcia', role: 'student', label: 'school student', demoClass: 'assigned' },
  { email: school('zoe.nguyen'), name: 'Zoe Nguyen', role: 'student', label: 'school student', demoClass: 'assigned' },
  { email: independent('sam.rivera'), name: 'Sam Rivera', role: 'teacher', label: 'paying individual teacher', paying: true },
  { email: independent('jo.baker'), name: 'Jo Baker', role: 'teacher', label: 'free individual teacher' },
];

/**
 * A demo sign-in as demo:seed prints it. `password` is the derived demo password when it signs in
 * (checked against the stored hash), or null when the account's password is another one: it was
 * changed since, set by an older demo:seed, or the account was not made by demo:seed at all.
 */
export interface DemoAccount {
  email: string;
  label: string;
  password: string | null;
  created: boolean;
}

export interface DemoSeedResult {
  school: SchoolLicence;
  /** Whether anything was missing and has been added in this run. */
  added: DemoCounts & { school: boolean; accounts: number };
  accounts: DemoAccount[];
  supportEmail: string;
}

export interface DemoSeedOptions {
  supportEmail: string | undefined;
  /** The installation's billing settings: a demo teacher's plan is resolved as the server resolves it. */
  billing: PlanSettings['billing'];
  /** The secret the demo passwords are derived from (demo-secret.ts). */
  secret: string;
  /** Sets each demo person's password back to its demo password (never the support account's). */
  resetPasswords?: boolean;
}

/**
 * Loads whatever of the demo data is missing: the demo school, its people (verified, with
 * passwords derived from the secret), the support account, each demo teacher's sample library,
 * and one teacher's class of the demo students with a TutorBot assignment under way.
 * Anything that exists already is left as it is, and so is anything a demo user deleted, so running
 * it again never duplicates. Then it reports every demo sign-in, checking each password still works.
 * The operator may have made the support account first: it is kept as it is.
 */
export async function seedDemo(db: Db, options: DemoSeedOptions): Promise<DemoSeedResult> {
  const supportEmail = (options.supportEmail ?? DEMO_SUPPORT_EMAIL).toLowerCase();
  const passwordOf = (email: string) => derivedPassphrase(options.secret, email);
  // What the server does at start: the sample bots are copies of these rows.
  await syncBuiltinTemplates(db);

  const people: DemoPerson[] = [
    ...demoPeople,
    { email: supportEmail, name: 'ClassBots Support', role: 'teacher', label: 'support account' },
  ];
  const result = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(schema.schoolLicence).where(eq(schema.schoolLicence.domain, DEMO_SCHOOL_DOMAIN));
    const admins = demoPeople.filter((p) => p.admin).map((p) => p.email);
    const licence = existing ?? (await createSchool(tx, { name: DEMO_SCHOOL_NAME, domains: [DEMO_SCHOOL_DOMAIN], admins }));

    const created = new Set<string>();
    for (const person of people) {
      const [found] = await tx.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, person.email));
      if (found) continue;
      const user = await createPasswordUser(tx, { ...person, password: passwordOf(person.email), verified: true });
      created.add(person.email);
      if (person.paying) await tx.insert(schema.customerSubscription).values({ userId: user.id, status: 'active', provider: 'manual' });
    }
    // The teachers list is filled when the school or the teacher is new; an operator's later change stays.
    for (const person of demoPeople) {
      if (person.building && (!existing || created.has(person.email))) {
        await addSchoolTeacher(tx, { domain: DEMO_SCHOOL_DOMAIN, email: person.email, building: person.building });
      }
    }

    const counts: DemoCounts = { bots: 0, runs: 0, savedItems: 0, classes: 0, assignments: 0 };
    for (const person of demoPeople.filter((p) => p.role === 'teacher')) {
      const actor = await demoTeacher(tx, person.email, { supportEmail, billing: options.billing });
      if (!actor) continue;
      const role = { sharesSchoolBot: Boolean(person.sharesSchoolBot), teachesDemoClass: Boolean(person.teachesDemoClass) };
      for (const part of teacherParts) {
        const added = await part(tx, actor, role);
        for (const key of Object.keys(counts) as (keyof DemoCounts)[]) counts[key] += added[key] ?? 0;
      }
    }
    return { licence, schoolCreated: !existing, created, counts };
  });

  if (options.resetPasswords) {
    for (const person of demoPeople) if (!result.created.has(person.email)) await setPassword(db, person.email, passwordOf(person.email));
  }
  const accounts: DemoAccount[] = [];
  for (const person of people) {
    const created = result.created.has(person.email);
    const password = passwordOf(person.email);
    const reset = options.resetPasswords && person.email !== supportEmail;
    const works = created || reset || (await signsInWith(db, person.email, password));
    accounts.push({ email: person.email, label: person.label, password: works ? password : null, created });
  }
  return {
    school: result.licence,
    added: { school: result.schoolCreated, accounts: result.created.size, ...result.counts },
    accounts,
    supportEmail,
  };
}

/** What one pass of the demo seed added to the teachers' libraries, classes and assignments. */
export type DemoCounts = SampleCounts & ClassCounts;

/** The demo class's students, in the order of demoPeople. */
const demoClassStudents: DemoStudent[] = demoPeople.flatMap((p) =>
  p.demoClass ? [{ email: p.email, name: p.name, progress: p.demoClass }] : [],
);

/**
 * What each demo teacher gets, part by part. A part adds only what is missing (recognising its own
 * rows, deleted ones included) and counts what it added. The class part comes after the library,
 * since its assignment uses the teacher's sample tutor.
 */
type TeacherPart = (
  db: Db,
  teacher: BotActor,
  role: { sharesSchoolBot: boolean; teachesDemoClass: boolean },
) => Promise<Partial<DemoCounts>>;
const teacherParts: TeacherPart[] = [
  seedSampleLibrary,
  (db, teacher, role) => (role.teachesDemoClass ? seedDemoClass(db, teacher, demoClassStudents) : Promise.resolve({})),
];

/** A demo teacher as the library sees them now (an operator may have changed their role or school). */
async function demoTeacher(db: Db, email: string, settings: PlanSettings): Promise<BotActor | null> {
  const [user] = await db.select().from(schema.user).where(eq(schema.user.email, email));
  if (!user) return null;
  return botActorOf(db, user, settings);
}

/** Whether the account's e-mail-and-password sign-in accepts this password. */
async function signsInWith(db: Db, email: string, password: string): Promise<boolean> {
  const [row] = await db
    .select({ hash: schema.account.password })
    .from(schema.account)
    .innerJoin(schema.user, eq(schema.user.id, schema.account.userId))
    .where(and(eq(schema.user.email, email), eq(schema.account.providerId, 'credential')));
  return row?.hash ? verifyPassword({ hash: row.hash, password }) : false;
}
