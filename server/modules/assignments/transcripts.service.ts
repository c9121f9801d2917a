import type { Locale } from '../../../contract/locale';
import type { PlanSettings } from '../../core/plan';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Transcript } from '../../../contract/assignments';
import { schema, type Db } from '../../db/client';
import { iconOf } from '../bots';
import { presentMessage } from '../conversations';
import { visibleMessages } from '../conversations';
import { zipSync } from 'fflate';
import { docxAttachment, docxUnicodeFileName, markdownToDocx } from '../export';
import { asciiSlug } from '../../lib/file-names';
import { assertMayReadTranscript, recordNotFound, type TranscriptReader } from './assignments.policy';
import { recordsWhere } from './assignments.read';

/**
 * A student's conversation on an assignment, read-only, for the assigning teacher or their
 * school's admin (see `assertMayReadTranscript`): as JSON for the page, or as a Word document.
 */

const a = schema.assignment;
const sa = schema.studentAssignment;
const u = schema.user;

/** GET /api/assignments/:id/students/:recordId/transcript. */
export async function getTranscript(
  db: Db,
  reader: TranscriptReader,
  assignmentId: string,
  recordId: string,
  settings: PlanSettings,
): Promise<Transcript> {
  // The owner decides who may read, so the record is found first and the reader checked against it;
  // anyone refused gets the same answer whether or not the record exists.
  const [found] = await db
    .select({
      owner: { id: u.id, name: u.name, email: u.email, emailVerified: u.emailVerified, role: u.role },
      bot: { name: schema.bot.name, icon: schema.bot.icon, iconFileId: schema.bot.iconFileId, kind: schema.bot.kind },
      conversationId: sa.conversationId,
    })
    .from(sa)
    .innerJoin(a, eq(a.id, sa.assignmentId))
    .innerJoin(u, eq(u.id, a.ownerId))
    .innerJoin(schema.bot, eq(schema.bot.id, a.botId))
    .where(and(eq(a.id, assignmentId), eq(sa.id, recordId), isNull(a.deletedAt)));
  await assertMayReadTranscript(db, reader, found?.owner, settings);
  const [record] = await recordsWhere(db, and(eq(a.id, assignmentId), eq(sa.id, recordId), isNull(a.deletedAt))!);
  if (!found || !record) throw recordNotFound();
  const messages = found.conversationId ? await visibleMessages(db, found.conversationId) : [];
  // Every flag of the record that names its turn (reviewed or not): the same turn the flag detail marks.
  const flagged = await db
    .selectDistinct({ messageId: schema.safetyFlag.messageId })
    .from(schema.safetyFlag)
    .where(and(eq(schema.safetyFlag.studentAssignmentId, recordId), isNotNull(schema.safetyFlag.messageId)));
  const flaggedIds = new Set(flagged.map((f) => f.messageId));
  return {
    assignment: { id: record.assignment.id, title: record.assignment.title, teacherName: found.owner.name },
    bot: { name: found.bot.name, icon: iconOf(found.bot) },
    record: record.record,
    messages: messages.map((m) => presentMessage(m, reader.locale)),
    flaggedMessageIds: messages.filter((m) => flaggedIds.has(m.id)).map((m) => m.id),
  };
}

/** Markdown that reads as the literal text: every ASCII punctuation mark escaped (CommonMark allows it). */
function literal(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/**
 * A student's message as typed (the page shows it as plain text, not Markdown): each line literal,
 * line breaks kept, blank lines as paragraph breaks.
 */
function plainParagraphs(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((para) =>
      para
        .split(/\r?\n/)
        .map((line) => literal(line.trim()))
        .filter(Boolean)
        .join('\\\n'),
    )
    .filter(Boolean)
    .join('\n\n');
}

/** The transcript as one Markdown document: title, student, tutor, then each turn under its speaker. */
export function transcriptMarkdown(t: Transcript): string {
  const parts = [`# ${literal(t.assignment.title)}`, `## Student: ${literal(t.record.name)}`, `## Tutor: ${literal(t.bot.name)}`];
  if (!t.messages.length) parts.push('*No messages yet.*');
  const flagged = new Set(t.flaggedMessageIds);
  for (const m of t.messages) {
    const student = m.role === 'user';
    const speaker = student ? 'Student' : 'Tutor';
    parts.push(flagged.has(m.id) ? `### ${speaker} (flagged)` : `### ${speaker}`);
    // The tutor writes Markdown (the page renders it so); a turn with no text says why it has none.
    const body = student ? plainParagraphs(m.text) : m.text.trim();
    parts.push(body || (m.status === 'streaming' ? '*Still being written.*' : '*No text.*'));
  }
  return `${parts.join('\n\n')}\n`;
}

/** A transcript's Word file and its title ("assignment - student"). */
export async function transcriptDocxBytes(t: Transcript): Promise<{ title: string; bytes: Uint8Array }> {
  const title = `${t.assignment.title} - ${t.record.name}`;
  // Transcripts embed no images: a student's conversation links none of the reader's own files.
  return { title, bytes: await markdownToDocx(transcriptMarkdown(t), { title, loadImage: () => Promise.resolve(null) }) };
}

/** GET .../transcript.docx: the Word file, as an attachment with a safe ASCII name. */
export async function transcriptDocx(t: Transcript): Promise<Response> {
  const { title, bytes } = await transcriptDocxBytes(t);
  return docxAttachment(bytes, title);
}

/** The zip's name in the reader's language: "Transcripts - Fractions.zip". */
const zipWord: Record<Locale, string> = { en: 'Transcripts', es: 'Transcripciones' };

/**
 * GET /api/assignments/:id/transcripts.zip: every record's transcript that has one, each a Word
 * file, in one zip (issue 39, item 23). Read by the same rule as one transcript (the owner even
 * when lapsed, or their school's admin): the owner is checked once, before any record is read.
 */
export async function transcriptsZip(db: Db, reader: TranscriptReader, assignmentId: string, settings: PlanSettings): Promise<Response> {
  const [found] = await db
    .select({ title: a.title, owner: { id: u.id, email: u.email, emailVerified: u.emailVerified, role: u.role } })
    .from(a)
    .innerJoin(u, eq(u.id, a.ownerId))
    .where(and(eq(a.id, assignmentId), isNull(a.deletedAt)));
  await assertMayReadTranscript(db, reader, found?.owner, settings);
  if (!found) throw recordNotFound();
  const records = await db
    .select({ id: sa.id })
    .from(sa)
    .where(and(eq(sa.assignmentId, assignmentId), isNotNull(sa.conversationId)))
    .orderBy(sa.name, sa.id);
  const files: Record<string, Uint8Array> = {};
  for (const [i, r] of records.entries()) {
    const { title, bytes } = await transcriptDocxBytes(await getTranscript(db, reader, assignmentId, r.id, settings));
    // Numbered, so two students of one name keep a file each.
    files[`${String(i + 1).padStart(3, '0')} ${docxUnicodeFileName(title)}`] = bytes;
  }
  const ascii = `transcripts-${asciiSlug(found.title) || 'assignment'}.zip`;
  const utf8 = `${zipWord[reader.locale]} - ${docxUnicodeFileName(found.title).replace(/\.docx$/, '')}.zip`;
  return new Response(zipSync(files), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(utf8)}`,
      'Cache-Control': 'no-store',
    },
  });
}
