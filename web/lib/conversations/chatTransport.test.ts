import { Chat } from '@ai-sdk/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http';
import { attachTo, chatTransport, messageText, repeatLastRequest, type ChatEndpoint, type ChatMessage } from './chatTransport';

interface Sent {
  url: string;
  idempotencyKey: string;
  text?: string;
}

/** A reply as the server streams it (the AI SDK's UI message stream over SSE). */
function streamedReply(text: string, messageId?: string): Response {
  const events = [
    { type: 'start', messageId },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: text },
    { type: 'text-end', id: 't' },
    { type: 'finish' },
  ];
  const body = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('') + 'data: [DONE]\n\n';
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

type Answer = () => Response;

const lostConnection: Answer = () => {
  throw new TypeError('fetch failed');
};

/** A chat over the transport, with the server's answers in order; records what each request sent. */
function chatWith(answers: Answer[], messages: ChatMessage[] = [], endpoint?: ChatEndpoint) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push({ url, ...(JSON.parse(typeof init.body === 'string' ? init.body : '{}') as Omit<Sent, 'url'>) });
      const answer = answers.shift();
      return answer ? Promise.resolve().then(answer) : Promise.reject(new Error('more requests than the test expected'));
    }),
  );
  const chat = new Chat<ChatMessage>({ transport: chatTransport(() => 'c1', endpoint), messages });
  return { chat, sent };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the chat transport: one idempotency key per user action', () => {
  it('gives every send its own key and posts only the new text', async () => {
    const { chat, sent } = chatWith([() => streamedReply('Hi'), () => streamedReply('Sure')]);
    await chat.sendMessage({ text: 'Hello' });
    await chat.sendMessage({ text: 'Plan a lesson' });
    expect(sent.map((s) => [s.url, s.text])).toEqual([
      ['/api/conversations/c1/messages', 'Hello'],
      ['/api/conversations/c1/messages', 'Plan a lesson'],
    ]);
    expect(sent[0]!.idempotencyKey).not.toBe(sent[1]!.idempotencyKey);
  });

  it('sends the same key again when a send lost to the network is tried again', async () => {
    const { chat, sent } = chatWith([lostConnection, () => streamedReply('Hi')]);
    await chat.sendMessage({ text: 'Hello' });
    expect(chat.error).toBeInstanceOf(ApiError);
    expect((chat.error as ApiError).status).toBe(0);
    await chat.regenerate(repeatLastRequest);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(chat.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('gives a regenerate a fresh key, kept when that regenerate is tried again', async () => {
    const { chat, sent } = chatWith([
      () => streamedReply('First'),
      lostConnection,
      () => streamedReply('Second'),
      () => streamedReply('Third'),
    ]);
    await chat.sendMessage({ text: 'Hello' });
    await chat.regenerate();
    expect(chat.status).toBe('error');
    await chat.regenerate(repeatLastRequest);
    await chat.regenerate();
    const [send, retry, retryAgain, nextRetry] = sent;
    expect(retry!.url).toBe('/api/conversations/c1/retry');
    expect(retry!.idempotencyKey).not.toBe(send!.idempotencyKey);
    // Trying the lost regenerate again is that same action: same endpoint, same key.
    expect(retryAgain).toEqual(retry);
    // Clicking Regenerate once more is a new action.
    expect(nextRetry!.url).toBe('/api/conversations/c1/retry');
    expect(nextRetry!.idempotencyKey).not.toBe(retry!.idempotencyKey);
  });

  it("turns a refused request into the server's ApiError", async () => {
    const refusal = {
      error: {
        code: 'quota_exceeded',
        message: 'You have used this month’s 40 replies.',
        requestId: 'r-1',
        fields: { resetsAt: '2026-08-01' },
      },
    };
    const { chat } = chatWith([
      () => new Response(JSON.stringify(refusal), { status: 429, headers: { 'Retry-After': '30', 'Content-Type': 'application/json' } }),
    ]);
    await chat.sendMessage({ text: 'Hello' });
    expect(chat.error).toBeInstanceOf(ApiError);
    expect(chat.error).toMatchObject({
      status: 429,
      code: 'quota_exceeded',
      message: 'You have used this month’s 40 replies.',
      requestId: 'r-1',
      fields: { resetsAt: '2026-08-01' },
      retryAfter: 30,
    });
  });
});

describe('the chat transport: attaching to a reply being written', () => {
  it("reads the reply's stream by its id and puts what it says in place of the stored text", async () => {
    const stored: ChatMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hello' }] },
      {
        id: 'r1',
        role: 'assistant',
        parts: [{ type: 'text', text: 'So far' }],
        metadata: { conversationId: 'c1', messageId: 'r1', status: 'streaming' },
      },
    ];
    const { chat, sent } = chatWith([() => streamedReply('So far, and the rest', 'r1')], stored);
    await chat.resumeStream(attachTo('r1'));
    expect(sent.map((s) => s.url)).toEqual(['/api/conversations/c1/messages/r1/stream']);
    expect(chat.messages.map((m) => [m.id, m.role, messageText(m)])).toEqual([
      ['u1', 'user', 'Hello'],
      ['r1', 'assistant', 'So far, and the rest'],
    ]);
    expect(chat.status).toBe('ready');
  });
});

describe("the chat transport: another endpoint (a student's assignment)", () => {
  it('sends, regenerates and attaches under the endpoint it is given, once the conversation exists', async () => {
    const assignment: ChatEndpoint = () => '/api/my-assignments/a1';
    const { chat, sent } = chatWith(
      [() => streamedReply('Hi'), () => streamedReply('Again'), () => streamedReply('Again, and more', 'r9')],
      [],
      assignment,
    );
    await chat.sendMessage({ text: 'Hello' });
    await chat.regenerate();
    await chat.resumeStream(attachTo('r9'));
    expect(sent.map((s) => [s.url, s.text])).toEqual([
      ['/api/my-assignments/a1/messages', 'Hello'],
      ['/api/my-assignments/a1/retry', undefined],
      ['/api/my-assignments/a1/messages/r9/stream', undefined],
    ]);
  });

  it('sends nothing before the conversation exists', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        sent.push(url);
        return Promise.resolve(streamedReply('Hi'));
      }),
    );
    const chat = new Chat<ChatMessage>({
      transport: chatTransport(
        () => null,
        () => '/api/my-assignments/a1',
      ),
    });
    await chat.sendMessage({ text: 'Hello' });
    expect(chat.status).toBe('error');
    expect(sent).toEqual([]);
  });
});

describe("a student's reply replaced halfway", () => {
  it('shows only the replacing text once a second text part opens, not the checked pieces before it', async () => {
    const events = [
      { type: 'start', messageId: 'r1' },
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'The first checked sentence. ' },
      { type: 'text-delta', id: 'text-0', delta: 'A second one. ' },
      { type: 'text-end', id: 'text-0' },
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: 'Let us get back to the lesson.' },
      { type: 'text-end', id: 'text-1' },
      { type: 'finish', finishReason: 'content-filter' },
    ];
    const body = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('') + 'data: [DONE]\n\n';
    const { chat } = chatWith([() => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })]);
    await chat.sendMessage({ text: 'Tell me a story' });
    expect(messageText(chat.messages.at(-1)!)).toBe('Let us get back to the lesson.');
  });
});
