import type { MyAssignment, MyAssignmentDetail, MyAssignmentList } from '../../../contract/assignments';
import type { ConversationMessage, StopReplyResult } from '../../../contract/ai';
import type { RunSpec } from '../../ai/run-spec';
import type { CrisisLines } from '../../../contract/crisis-lines';
import { crisisLinesFor } from '../crisis-lines';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale';
import type { AppDeps, SendClock, SessionUser } from '../../core/context';
import { readerLocale } from '../../core/locale';
import { AppError, conflict } from '../../lib/errors';
import { publish } from '../../core/live';
import { recordNotFound } from '../assignments';
import { iconImageTypes } from '../bots';
import { composeBotInstructions } from '../bots';
import type { FileRow } from '../files';
import { attachReply } from '../conversations';
import { awardEarnedTrophies } from '../trophies';
import { sendMessage, sendWindow, type RunHooks } from '../conversations';
import type { StudentRecordRef } from '../conversations';
import { logWarning } from '../../lib/log';
import { replayReply } from '../conversations';
import { findConversation, getConversation, retryReply, stopReply, type HeldTurnRun } from '../conversations';
import { assertMayCompose, assertMayRetry, assertMayStart, assertMaySubmit, studentQuotaError } from './my-assignments.policy';
import { presentMyAssignment, teacherNameOf } from './my-assignments.presenter';
import * as store from './my-assignments.store';
import { message } from '../../lib/message';

/**
 * The student's side of assignments (docs/product/students-and-classes.md, issue 14 items 3 and 4): their records, Start,
 * "I'm done", and the tutor run, which goes only through the record: the assignment's bot, the
 * student audience, the assigning teacher's quota pool, the message budget.
 */

async function mine(deps: AppDeps, user: SessionUser, asid: string): Promise<store.RecordView> {
  const view = await store.findRecord(deps.database.db, user.id, asid);
  if (!view) throw recordNotFound();
  return view;
}

export async function listMyAssignments(deps: AppDeps, user: SessionUser, locale: Locale = DEFAULT_LOCALE): Promise<MyAssignmentList> {
  const rows = await store.listRecords(deps.database.db, user.id);
  const now = new Date();
  return { assignments: rows.map((r) => presentMyAssignment(r, now, locale)) };
}

/** The conversation's visible turns, when the record has one of the caller's. */
async function messagesOf(deps: AppDeps, user: SessionUser, conversationId: string | null): Promise<ConversationMessage[]> {
  if (!conversationId) return [];
  try {
    return (await getConversation(deps, user, conversationId)).messages;
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return [];
    throw err;
  }
}

/** GET /api/my-assignments/:asid: the record and its conversation; the first open makes the record the caller's. */
export async function getMyAssignment(
  deps: AppDeps,
  user: SessionUser,
  asid: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<MyAssignmentDetail> {
  const view = await mine(deps, user, asid);
  if (!view.record.studentId) await store.claimRecord(deps.database.db, user.id, asid);
  const [messages, reportedMessageIds, crisisLines] = await Promise.all([
    messagesOf(deps, user, view.record.conversationId),
    store.reportedReplyIds(deps.database.db, user.id, view.record.id),
    crisisLinesFor(deps, view.assignment.ownerId, replyLocaleOf(user)),
  ]);
  return { ...presentMyAssignment(view, new Date(), locale), messages, reportedMessageIds, crisisLines };
}

/** POST /api/my-assignments/:asid/start: the record's one conversation (made once, however often it is asked for). */
export async function startMyAssignment(
  deps: AppDeps,
  user: SessionUser,
  asid: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<MyAssignment> {
  const done = await store.startRecord(deps.database.db, user.id, asid, assertMayStart);
  if (done === undefined) throw recordNotFound();
  return presentMyAssignment(await mine(deps, user, asid), new Date(), locale);
}

/** POST /api/my-assignments/:asid/submit: handed in; asking again answers the record as it is. */
export async function submitMyAssignment(
  deps: AppDeps,
  user: SessionUser,
  asid: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<MyAssignment> {
  const view = await mine(deps, user, asid);
  assertMaySubmit(view);
  if (view.record.status === 'assigned' || view.record.status === 'in_progress') {
    const changed = await store.submitRecord(deps.database.db, user.id, view);
    // Handed in already: a failed rules check is logged, never turned into a failed hand-in.
    if (changed) await deps.hooks.recordChanged(deps, view.record.id);
    if (changed)
      await awardEarnedTrophies(deps.database.db, { userId: user.id }, trophyRecordOf(view)).catch((err: unknown) =>
        logWarning(null, 'trophies: the rules could not be evaluated on hand-in', err),
      );
    const after = await mine(deps, user, asid);
    // Closed in the same moment: say so; handed in by a twin request: answer the record.
    if (!changed) assertMaySubmit(after);
    return presentMyAssignment(after, new Date(), locale);
  }
  return presentMyAssignment(view, new Date(), locale);
}

/**
 * The run spec of a student's turn: always the assignment's tutor, the student audience and the
 * teacher's pool. The tutor's instructions and knowledge come through the record (the send's one
 * read, or tutorOfRecord for a retry) and are used only once the turn has passed its checks.
 */
function studentSpec(view: store.RecordView, tutor: store.Tutor, user: SessionUser, crisisLines: () => Promise<CrisisLines>): RunSpec {
  return {
    audience: 'student',
    botId: tutor.bot.id,
    instructions: composeBotInstructions(tutor.bot),
    knowledge: tutor.knowledge,
    inputs: [],
    temperature: tutor.bot.temperature,
    poolOwnerId: view.assignment.ownerId,
    // The roster's name and address, and the account's, in case they differ: none reaches the provider.
    student: { name: view.record.name, email: view.record.email, aliases: [user.name, user.email] },
    responseLanguage: view.assignment.responseLanguage ?? user.locale ?? user.classLocale ?? DEFAULT_LOCALE,
    responseLanguageSetByAssignment: view.assignment.responseLanguage !== null,
    replyLocale: replyLocaleOf(user),
    crisisLines,
  };
}

/** The language of the student's pages, which the safe replies and the help card are written in. */
const replyLocaleOf = (user: SessionUser): Locale => user.locale ?? user.classLocale ?? DEFAULT_LOCALE;

/** The crisis lines of a student's run: their school's, else the installation's, else the defaults for their language. */
const crisisOf = (deps: AppDeps, view: store.RecordView, user: SessionUser): (() => Promise<CrisisLines>) => {
  // Read once, and only when a safe reply names them (most turns need none: no statement more).
  let lines: Promise<CrisisLines> | undefined;
  return () => (lines ??= crisisLinesFor(deps, view.assignment.ownerId, replyLocaleOf(user)));
};

/** A retry's tutor, read again through the record. */
async function tutorForRetry(deps: AppDeps, view: store.RecordView, user: SessionUser): Promise<store.Tutor> {
  const tutor = await store.tutorOfRecord(deps.database.db, user.id, view.record.id);
  // Cut off since the checks (taken off the roster, the assignment deleted): as any other request would be.
  if (!tutor) throw recordNotFound();
  return tutor;
}

/** The record as the trophy rules name it. */
const trophyRecordOf = (view: store.RecordView) => ({
  id: view.record.id,
  assignmentId: view.assignment.id,
  ownerId: view.assignment.ownerId,
});

/**
 * What a student's reply adds to the run: its access is watched while it streams, its end is
 * announced to the teacher, and the trophy rules look at the work so far.
 */
function replyHooks(deps: AppDeps, user: SessionUser, view: store.RecordView): Pick<RunHooks, 'started' | 'finished'> {
  return {
    started: (replyId, generation) => deps.timers.openRuns.watch(deps, replyId, { asid: view.record.id, userId: user.id, generation }),
    finished: async () => {
      await publish(deps.database.db, view.assignment.ownerId, store.recordEvent(view));
      await awardEarnedTrophies(deps.database.db, { userId: user.id }, trophyRecordOf(view));
    },
  };
}

/** Why a send the record's guard refused was refused, read again now: gone, closed, handed in or out of messages. */
async function refusal(deps: AppDeps, user: SessionUser, asid: string): Promise<AppError> {
  const view = await store.findRecord(deps.database.db, user.id, asid);
  if (!view) return recordNotFound();
  try {
    assertMayCompose(view);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  return conflict(message('assignmentChangedWhileSending'));
}

/**
 * POST /api/my-assignments/:asid/messages: as a teacher's send (conversations.run), through the
 * record. Before the model call: one read (the record, its assignment, tutor with its
 * instructions and knowledge, teacher and the conversation's window) and the one write that
 * stores the turn with the record's count and the teacher's live event.
 */
export async function sendToMyAssignment(
  deps: AppDeps,
  user: SessionUser,
  asid: string,
  input: { idempotencyKey: string; text: string },
  clock?: SendClock,
): Promise<Response> {
  const { db } = deps.database;
  const read = await store.recordForSend(db, user.id, asid, sendWindow(deps));
  clock?.('database');
  if (!read) throw recordNotFound();
  const { view, tutor, conversation, messages } = read;
  if (!conversation) throw conflict(message('startFirst'));
  // A repeated send answers with its stored reply, whatever has changed since, without the tutor.
  const repeated = messages.find((m) => m.idempotencyKey === input.idempotencyKey);
  if (repeated) return replayReply(deps, repeated, readerLocale(user));
  assertMayCompose(view);
  clock?.('validation');
  const spec = studentSpec(view, tutor, user, crisisOf(deps, view, user));
  clock?.('prompt');
  try {
    return await sendMessage(deps, {
      conversation,
      messages,
      actor: user,
      spec,
      text: input.text,
      idempotencyKey: input.idempotencyKey,
      hooks: { guard: { ...store.sendGuard(user.id, view), refused: () => refusal(deps, user, asid) }, ...replyHooks(deps, user, view) },
      record: recordRefOf(view),
      clock,
    });
  } catch (err) {
    throw studentQuotaError(err, teacherNameOf(view));
  }
}

/**
 * POST /api/my-assignments/:asid/retry: the tutor's last reply again. Not a new message, so not
 * counted in the budget, but bounded by it (assertMayRetry).
 */
export async function retryMyAssignment(deps: AppDeps, user: SessionUser, asid: string, idempotencyKey: string): Promise<Response> {
  const { db } = deps.database;
  const view = await mine(deps, user, asid);
  if (!view.record.conversationId) throw conflict(message('noReplyToRetry'));
  const conversation = await findConversation(db, user.id, view.record.conversationId);
  try {
    return await retryReply(deps, {
      actor: user,
      conversation,
      idempotencyKey,
      spec: async () => {
        const retries = view.assignment.messageBudget === null ? 0 : await store.retriesOfLastTurn(db, conversation.id);
        assertMayRetry(view, retries);
        return studentSpec(view, await tutorForRetry(deps, view, user), user, crisisOf(deps, view, user));
      },
      hooks: replyHooks(deps, user, view),
      record: recordRefOf(view),
    });
  } catch (err) {
    throw studentQuotaError(err, teacherNameOf(view));
  }
}

/** The record as a run carries it: its turns get the moderation pass and its flags are the record's. */
const recordRefOf = (view: store.RecordView): StudentRecordRef => ({
  id: view.record.id,
  assignmentId: view.assignment.id,
  teacherId: view.assignment.ownerId,
});

/**
 * For the safety re-check (server/modules/safety): the run of a held turn of `conversationId`,
 * rebuilt through its assignment record as a send would build it, read again now. Undefined when
 * the conversation has no record any more, or the student no longer has it (off the roster, the
 * assignment deleted). The message budget is not asked again: the held message was counted.
 */
export async function heldTurnRun(deps: AppDeps, conversationId: string): Promise<HeldTurnRun | undefined> {
  const { db } = deps.database;
  const owner = await store.recordOfConversation(db, conversationId);
  if (!owner) return undefined;
  const view = await store.findRecord(db, owner.user.id, owner.asid);
  if (!view) return undefined;
  const tutor = await store.tutorOfRecord(db, owner.user.id, owner.asid);
  if (!tutor) return undefined;
  const user: SessionUser = { ...owner.user };
  let refusal: AppError | null = null;
  try {
    assertMayStart(view);
    if (view.record.status === 'submitted' || view.record.status === 'completed') assertMayCompose(view);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    refusal = err;
  }
  return {
    actor: user,
    spec: studentSpec(view, tutor, user, crisisOf(deps, view, user)),
    record: recordRefOf(view),
    hooks: replyHooks(deps, user, view),
    refusal,
  };
}

/** The record's conversation, for following or stopping one of its replies: the record's and the caller's, or 404. */
async function conversationOf(deps: AppDeps, user: SessionUser, asid: string): Promise<string> {
  const view = await mine(deps, user, asid);
  if (!view.record.conversationId) throw new AppError('not_found', 404, message('replyNotFound'));
  return view.record.conversationId;
}

export async function stopMyReply(deps: AppDeps, user: SessionUser, asid: string, messageId: string): Promise<StopReplyResult> {
  return stopReply(deps, user, await conversationOf(deps, user, asid), messageId);
}

export async function attachMyReply(deps: AppDeps, user: SessionUser, asid: string, messageId: string): Promise<Response> {
  return attachReply(deps, user, await conversationOf(deps, user, asid), messageId);
}

/**
 * GET /api/my-assignments/:asid/icon: the tutor's uploaded icon, for the student the record
 * grants it to (the bot itself may be private; /api/bots/:id/icon is for those who may see it).
 */
export async function myTutorIcon(deps: AppDeps, user: SessionUser, asid: string): Promise<FileRow> {
  const view = await mine(deps, user, asid);
  const file = view.bot.iconFileId ? await store.tutorIconFile(deps.database.db, view.bot.iconFileId, iconImageTypes) : undefined;
  if (!file) throw new AppError('not_found', 404, message('iconNotFound'));
  return file;
}
