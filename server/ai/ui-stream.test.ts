import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { message } from '../lib/message';
import { storedReplyResponse } from './ui-stream';

const meta = { conversationId: 'c1', messageId: 'm1' };
const interrupted = new AppError('interrupted', 503, message('replyInterrupted'));

async function errorTextOf(res: Response): Promise<string | undefined> {
  const events = (await res.text())
    .split('\n\n')
    .filter((e) => e.startsWith('data: {'))
    .map((e) => JSON.parse(e.slice('data: '.length)) as { type: string; errorText?: string });
  return events.find((e) => e.type === 'error')?.errorText;
}

describe('the reply stream', () => {
  it("writes an error at the end in the request's language, English when none is given", async () => {
    const reply = { status: 'interrupted' as const, text: 'Half', error: interrupted };
    expect(await errorTextOf(storedReplyResponse(reply, meta, 'es'))).toBe(
      'Esta respuesta se interrumpió. Usa Reintentar para terminarla.',
    );
    expect(await errorTextOf(storedReplyResponse(reply, meta))).toBe('This reply was interrupted. Use Retry to finish it.');
  });
});
