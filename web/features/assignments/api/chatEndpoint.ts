import type { ChatEndpoint } from '../../../lib/conversations/chatTransport';
import { myAssignmentPath } from './myAssignmentKeys';

/**
 * The chat of a student's record: POST /api/my-assignments/:asid/messages and /retry,
 * .../messages/:messageId/stream and /stop. Always through the record, never the bot or the
 * conversation id (the server checks the record; the conversation must exist: Start made it).
 */
export const myAssignmentChat =
  (asid: string): ChatEndpoint =>
  () =>
    myAssignmentPath(asid);
