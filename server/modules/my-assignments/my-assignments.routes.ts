import { Hono } from 'hono';
import { retryInput, sendMessageInput } from '../../../contract/ai';
import { studentReportInput } from '../../../contract/flags';
import type { AppEnv } from '../../core/context';
import { readJson, requireUser, sendClock } from '../../core/context';
import { requestLocale } from '../../core/locale';
import { iconResponse } from '../bots';
import {
  attachMyReply,
  getMyAssignment,
  listMyAssignments,
  myTutorIcon,
  retryMyAssignment,
  sendToMyAssignment,
  startMyAssignment,
  stopMyReply,
  submitMyAssignment,
} from './my-assignments.service';
import { assertStudentReporter, reportMyReply } from './my-assignments.report';

/**
 * /api/my-assignments: the signed-in person's assignment records (a student's, or a teacher's who
 * is on a roster) and their tutor runs. Any signed-in person may ask; each record is reached only
 * through the access rule of assignments.policy, so anyone else's reads as not found. Sending
 * answers the AI SDK's UI message stream, as /api/conversations does.
 */
export function myAssignmentsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const user = await requireUser(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await listMyAssignments(c.get('deps'), user, requestLocale(c)));
  });

  app.get('/:asid', async (c) => {
    const user = await requireUser(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getMyAssignment(c.get('deps'), user, c.req.param('asid'), requestLocale(c)));
  });

  // The tutor's uploaded icon, served as /api/bots/:id/icon serves it to those who may see the bot.
  app.get('/:asid/icon', async (c) => {
    const user = await requireUser(c);
    return iconResponse(c, await myTutorIcon(c.get('deps'), user, c.req.param('asid')));
  });

  // Start and "I'm done" (below) take no body: whatever is sent is ignored.
  app.post('/:asid/start', async (c) => {
    const user = await requireUser(c);
    return c.json(await startMyAssignment(c.get('deps'), user, c.req.param('asid'), requestLocale(c)));
  });

  app.post('/:asid/messages', async (c) => {
    const clock = sendClock(c.get('deps'));
    const user = await requireUser(c);
    clock?.('session');
    const input = await readJson(c, sendMessageInput);
    clock?.('validation');
    return sendToMyAssignment(c.get('deps'), user, c.req.param('asid'), input, clock);
  });

  // Attach to a reply being written (a reload, a second tab): see conversations.attach.
  app.get('/:asid/messages/:messageId/stream', async (c) => {
    const user = await requireUser(c);
    c.header('Cache-Control', 'no-store');
    return attachMyReply(c.get('deps'), user, c.req.param('asid'), c.req.param('messageId'));
  });

  app.post('/:asid/messages/:messageId/stop', async (c) => {
    const user = await requireUser(c);
    return c.json(await stopMyReply(c.get('deps'), user, c.req.param('asid'), c.req.param('messageId')));
  });

  app.post('/:asid/retry', async (c) => {
    const user = await requireUser(c);
    const input = await readJson(c, retryInput);
    return retryMyAssignment(c.get('deps'), user, c.req.param('asid'), input.idempotencyKey);
  });

  app.post('/:asid/submit', async (c) => {
    const user = await requireUser(c);
    return c.json(await submitMyAssignment(c.get('deps'), user, c.req.param('asid'), requestLocale(c)));
  });

  // "Report this answer" on a tutor reply: a flag for the teacher (students only; 403 for a teacher).
  app.post('/:asid/report', async (c) => {
    const user = await requireUser(c);
    const input = await readJson(c, studentReportInput);
    await assertStudentReporter(c.get('deps'), user);
    return c.json(await reportMyReply(c.get('deps'), user, c.req.param('asid'), input));
  });

  return app;
}
