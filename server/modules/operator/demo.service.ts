import { eq } from 'drizzle-orm';
import type { AccountRole } from '../../../contract/account';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { createPasswordUser } from '../users/users.service';
import { passphrase } from './passphrase';
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
  { email: school('maria.lopez'), name: 'Maria Lopez', role: 'teacher', label: 'school teacher', building: 'North Building' },
  { email: school('james.chen'), name: 'James Chen', role: 'teacher', label: 'school teacher', building: 'South Building' },
  { email: school('ava.patel'), name: 'Ava Patel', role: 'student', label: 'school student' },
  { email: school('liam.johnson'), name: 'Liam Johnson', role: 'student', label: 'school student' },
  { email: school('noah.kim'), name: 'Noah Kim', role: 'student', label: 'school student' },
  { email: school('emma.garcia'), name: 'Emma Garcia', role: 'student', label: 'school student' },
  { email: school('zoe.nguyen'), name: 'Zoe Nguyen', role: 'student', label: 'school student' },
  { email: independent('sam.rivera'), name: 'Sam Rivera', role: 'teacher', label: 'paying individual teacher', paying: true },
  { email: independent('jo.baker'), name: 'Jo Baker', role: 'teacher', label: 'free individual teacher' },
];

export interface DemoAccount {
  email: string;
  label: string;
  /** Null when the account already existed and was left as it was. */
  password: string | null;
}

export type DemoSeedResult =
  { created: false; school: SchoolLicence } | { created: true; school: SchoolLicence; accounts: DemoAccount[]; supportEmail: string };

/**
 * Creates the demo school and its people in one transaction, all verified, each with a fresh
 * random password. When the demo school exists already nothing changes, so re-running is safe.
 * An existing support account is kept as it is (the operator may have made it first).
 */
export async function seedDemo(db: Db, options: { supportEmail: string | undefined }): Promise<DemoSeedResult> {
  const supportEmail = (options.supportEmail ?? DEMO_SUPPORT_EMAIL).toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(schema.schoolLicence).where(eq(schema.schoolLicence.domain, DEMO_SCHOOL_DOMAIN));
    if (existing) return { created: false, school: existing };

    const admins = demoPeople.filter((p) => p.admin).map((p) => p.email);
    const licence = await createSchool(tx, { name: DEMO_SCHOOL_NAME, domains: [DEMO_SCHOOL_DOMAIN], admins });
    const accounts: DemoAccount[] = [];
    for (const person of demoPeople) {
      const password = passphrase();
      const user = await createPasswordUser(tx, { ...person, password, verified: true });
      if (person.building) await addSchoolTeacher(tx, { domain: DEMO_SCHOOL_DOMAIN, email: person.email, building: person.building });
      if (person.paying) await tx.insert(schema.customerSubscription).values({ userId: user.id, status: 'active', provider: 'manual' });
      accounts.push({ email: person.email, label: person.label, password });
    }

    const [support] = await tx.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, supportEmail));
    if (support) {
      accounts.push({ email: supportEmail, label: 'support account (already existed, unchanged)', password: null });
    } else {
      const password = passphrase();
      await createPasswordUser(tx, { email: supportEmail, name: 'ClassBots Support', role: 'teacher', password, verified: true });
      accounts.push({ email: supportEmail, label: 'support account', password });
    }
    return { created: true, school: licence, accounts, supportEmail };
  });
}
