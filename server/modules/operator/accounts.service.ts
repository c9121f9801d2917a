import { and, count, eq, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { schema } from '../../db/client';
import { sessionsChanged } from '../../core/session-changes';
import { deleteAllFilesOf } from '../files';
import { createPasswordUser, findUserByEmail, setPassword } from '../users';
import { recordAudit } from '../../core/audit';
import { planChanged } from '../../core/plan-changes';
import { emailField, nameField, parseInput, passwordField, roleField } from './inputs';
import type { GrantActor } from './subscriptions.service';

export const createAccountInput = z.object({
  email: emailField,
  password: passwordField,
  name: nameField.optional(),
  role: roleField.default('teacher'),
  verified: z.boolean().default(false),
});
export type CreateAccountInput = z.input<typeof createAccountInput>;

/**
 * Creates an e-mail-and-password account for the operator. The support account (SUPPORT_EMAIL)
 * is always created verified: it only works verified, and the operator creating it vouches for it.
 */
export async function createAccount(db: Db, input: CreateAccountInput, supportEmail: string | undefined) {
  const data = parseInput(createAccountInput, input);
  const isSupport = Boolean(supportEmail && data.email === supportEmail.toLowerCase());
  const user = await createPasswordUser(db, { ...data, verified: data.verified || isSupport });
  return { user, isSupport };
}

export const changePasswordInput = z.object({ email: emailField, password: passwordField });

/** Sets an account's password; every session of the account ends. */
export async function changePassword(db: Db, input: z.input<typeof changePasswordInput>) {
  const data = parseInput(changePasswordInput, input);
  await setPassword(db, data.email, data.password);
}

export const setRoleInput = z.object({ email: emailField, role: roleField });

/**
 * Changes an account's own role (used outside a school); returns the role it had before. The
 * change, its audit entry (the command line's, or the support account's through superDash) and
 * the plan notice (user_type follows the role) commit together.
 */
export async function setAccountRole(db: Db, input: z.input<typeof setRoleInput>, actor: GrantActor = { kind: 'cli' }) {
  const data = parseInput(setRoleInput, input);
  const user = await findUserByEmail(db, data.email);
  await db.transaction(async (tx) => {
    await tx.update(schema.user).set({ role: data.role, updatedAt: new Date() }).where(eq(schema.user.id, user.id));
    await recordAudit(tx, {
      actorKind: actor.kind,
      actorUserId: actor.kind === 'support' ? actor.userId : null,
      actorLabel: actor.kind === 'support' ? actor.label : 'command line',
      action: 'user.role',
      subjectUserId: user.id,
      entity: 'user',
      entityId: user.id,
      before: { role: user.role },
      after: { role: data.role },
    });
    await planChanged(tx, user.id);
  });
  await sessionsChanged(db, user.id);
  return { previous: user.role, role: data.role };
}

/**
 * The rows of a person that do not go with their user row by cascade: as a student, their
 * assignment records with any teacher (by account and by address: the records of that address are
 * the person's data) with the transcripts on them (flags and trophies cascade), roster entries of
 * their address, flags naming them, their metered AI calls, and rate-limit counters keyed by them.
 */
async function deletePersonalRows(tx: Tx, user: { id: string; email: string }) {
  const sa = schema.studentAssignment;
  const theirs = or(eq(sa.studentId, user.id), eq(sa.email, user.email))!;
  await tx.delete(schema.conversation).where(
    inArray(
      schema.conversation.id,
      tx
        .select({ id: sa.conversationId })
        .from(sa)
        .where(and(theirs, isNotNull(sa.conversationId))),
    ),
  );
  await tx.delete(sa).where(theirs);
  await tx.delete(schema.rosterEntry).where(or(eq(schema.rosterEntry.email, user.email), eq(schema.rosterEntry.userId, user.id)));
  await tx.delete(schema.safetyFlag).where(eq(schema.safetyFlag.studentId, user.id));
  await tx.delete(schema.aiUsage).where(eq(schema.aiUsage.userId, user.id));
  // Keys are `ai:<user id>` and `auth<route>:email:<address>` (server/auth): matched by suffix, no LIKE wildcards.
  const byEmail = `:email:${user.email}`;
  await tx
    .delete(schema.rateLimit)
    .where(
      or(
        eq(schema.rateLimit.key, `ai:${user.id}`),
        sql`${schema.rateLimit.key} like 'auth%' and right(${schema.rateLimit.key}, ${byEmail.length}) = ${byEmail}`,
      ),
    );
  // Pending sign-in or verification links may name the address.
  await tx.delete(schema.verification).where(or(eq(schema.verification.identifier, user.email), eq(schema.verification.value, user.email)));
}

/**
 * Deletes an account and everything it owns, in one transaction, and ends its sessions. Sessions,
 * sign-in methods, customer subscriptions and owned content go by foreign-key cascade; a student's
 * records with every teacher and the rest of their personal rows are removed here
 * (`deletePersonalRows`). School licences are the school's, so their teachers and admins lists are
 * left as they are. Support runs this for a student's (or parent's) request to delete the account.
 */
export async function deleteUserEverything(deps: { db: Db; config: Config }, email: string) {
  const { db } = deps;
  const address = parseInput(z.object({ email: emailField }), { email }).email;
  const user = await findUserByEmail(db, address);
  // Stored objects first: their rows would cascade away with the user, the objects would not.
  const files = await deleteAllFilesOf(deps, user.id);
  const result = await db.transaction(async (tx) => {
    const [sessions] = await tx.select({ n: count() }).from(schema.session).where(eq(schema.session.userId, user.id));
    const [subscriptions] = await tx
      .select({ n: count() })
      .from(schema.customerSubscription)
      .where(eq(schema.customerSubscription.userId, user.id));
    // A pending reset link names the account by id; it must not outlive the account.
    await tx
      .delete(schema.verification)
      .where(and(like(schema.verification.identifier, 'reset-password:%'), eq(schema.verification.value, user.id)));
    // Students' conversations on this teacher's assignments belong to the students' accounts but
    // are the teacher's records of the work: they go with the assignments, not stay orphaned.
    await tx
      .delete(schema.conversation)
      .where(
        inArray(
          schema.conversation.id,
          tx
            .select({ id: schema.studentAssignment.conversationId })
            .from(schema.studentAssignment)
            .innerJoin(schema.assignment, eq(schema.assignment.id, schema.studentAssignment.assignmentId))
            .where(eq(schema.assignment.ownerId, user.id)),
        ),
      );
    await deletePersonalRows(tx, user);
    await tx.delete(schema.user).where(eq(schema.user.id, user.id));
    return { id: user.id, email: user.email, sessions: sessions?.n ?? 0, subscriptions: subscriptions?.n ?? 0, files };
  });
  await sessionsChanged(deps.db, user.id);
  return result;
}
