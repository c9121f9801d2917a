import { Hono } from 'hono';
import { createAssignmentInput, updateAssignmentInput, updateRecordInput } from '../../../contract/assignments';
import type { AppContext, AppEnv } from '../../core/context';
import { readJson } from '../../core/context';
import { idParam } from '../classes';
import {
  assignmentNotFound,
  recordNotFound,
  requireAssignmentReducer,
  requireAssignmentTeacher,
  requireTranscriptReader,
} from './assignments.policy';
import { getAssignment, listAssignments, progressCsv } from './assignments.read';
import { createAssignment, deleteAssignment, restoreAssignment, setOpen, updateAssignment, updateRecord } from './assignments.service';
import { getTranscript, transcriptDocx, transcriptsZip } from './transcripts.service';

/**
 * /api/assignments: a premium teacher's assignments, their tables, records and transcripts. Each
 * handler: session and role (the premium gate), validation, service (scoped to the owner),
 * presenter. Transcripts have their own gate: the owner even when lapsed, or their school's admin.
 * Close and Delete only reduce what students can do: the owner may do them even when lapsed.
 */
const db = (c: AppContext) => c.get('deps').database.db;
const assignmentId = (c: AppContext) => idParam(c.req.param('id') ?? '', assignmentNotFound);
const recordId = (c: AppContext) => idParam(c.req.param('recordId') ?? '', recordNotFound);

export function assignmentsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const actor = await requireAssignmentTeacher(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await listAssignments(db(c), actor));
  });

  app.post('/', async (c) => {
    const actor = await requireAssignmentTeacher(c);
    const input = await readJson(c, createAssignmentInput);
    // A repeated idempotency key answers the assignment it made, with 200.
    const { assignment, created } = await createAssignment(db(c), actor, input);
    return c.json(assignment, created ? 201 : 200);
  });

  app.get('/:id', async (c) => {
    const actor = await requireAssignmentTeacher(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getAssignment(db(c), actor, assignmentId(c)));
  });

  // The table as a spreadsheet: the owner, Premium, as the table itself.
  app.get('/:id/progress.csv', async (c) => {
    const actor = await requireAssignmentTeacher(c);
    return progressCsv(db(c), actor, assignmentId(c));
  });

  // Every transcript in one zip: whoever may read one transcript (the owner even when lapsed, their school's admin).
  app.get('/:id/transcripts.zip', async (c) => {
    const reader = await requireTranscriptReader(c);
    return transcriptsZip(db(c), reader, assignmentId(c), c.get('deps').config);
  });

  app.patch('/:id', async (c) => {
    const actor = await requireAssignmentTeacher(c);
    const id = assignmentId(c);
    const input = await readJson(c, updateAssignmentInput);
    return c.json(await updateAssignment(db(c), actor, id, input));
  });

  app.post('/:id/close', async (c) => {
    const actor = await requireAssignmentReducer(c);
    return c.json(await setOpen(db(c), actor, assignmentId(c), false));
  });

  app.post('/:id/reopen', async (c) => {
    const actor = await requireAssignmentTeacher(c);
    return c.json(await setOpen(db(c), actor, assignmentId(c), true));
  });

  app.delete('/:id', async (c) => {
    const actor = await requireAssignmentReducer(c);
    return c.json(await deleteAssignment(db(c), actor, assignmentId(c)));
  });

  app.post('/:id/restore', async (c) => {
    const actor = await requireAssignmentTeacher(c);
    return c.json(await restoreAssignment(db(c), actor, assignmentId(c)));
  });

  app.patch('/:id/students/:recordId', async (c) => {
    const actor = await requireAssignmentTeacher(c);
    const id = assignmentId(c);
    const record = recordId(c);
    const input = await readJson(c, updateRecordInput);
    const updated = await updateRecord(db(c), actor, id, record, input);
    await c.get('deps').hooks.recordChanged(c.get('deps'), record);
    return c.json(updated);
  });

  app.get('/:id/students/:recordId/transcript', async (c) => {
    const reader = await requireTranscriptReader(c);
    const { config } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json(await getTranscript(db(c), reader, assignmentId(c), recordId(c), config));
  });

  app.get('/:id/students/:recordId/transcript.docx', async (c) => {
    const reader = await requireTranscriptReader(c);
    const { config } = c.get('deps');
    return transcriptDocx(await getTranscript(db(c), reader, assignmentId(c), recordId(c), config));
  });

  return app;
}
