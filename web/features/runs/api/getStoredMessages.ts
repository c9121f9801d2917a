import { z } from 'zod';
import { conversationMessage } from '../../../../contract/ai';
import { apiRequest } from '../../../lib/http';
import { conversationEndpoint, type ChatEndpoint } from '../../../lib/conversations/chatTransport';

/** What a GET of a chat endpoint answers, as far as the chat reads it. */
const storedMessages = z.object({ messages: z.array(conversationMessage) });

/** GET {endpoint} (the conversations API unless told): the conversation's messages as the server stored them. */
export function getStoredMessages(conversationId: string, endpoint: ChatEndpoint = conversationEndpoint) {
  return apiRequest(endpoint(conversationId), storedMessages);
}
