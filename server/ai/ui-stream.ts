import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from 'ai';
import type { ReplyMetadata } from '../../contract/ai';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale';
import type { AppError } from '../lib/errors';
import { textOf } from '../lib/messages';
import type { Generation, GenerationResult } from './generation';
import { safeReplyCategory } from './safety';

/**
 * The AI SDK's UI message stream (what useChat reads), written directly: one SSE event per chunk,
 * encoded once, with no chain of transform streams per open stream.
 */
type Chunk = UIMessageChunk<ReplyMetadata>;
const encoder = new TextEncoder();
const sse = (chunk: Chunk) => encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`);
const done = encoder.encode('data: [DONE]\n\n');

export interface StoredReply {
  status: GenerationResult['status'] | 'streaming';
  text: string;
  error?: AppError;
}

function closing(
  meta: ReplyMetadata,
  status: ReplyMetadata['status'],
  text: string,
  replaced: boolean,
  error: AppError | undefined,
  locale: Locale,
): Chunk[] {
  const out: Chunk[] = [{ type: 'text-end', id: 'text-0' }];
  if (replaced) {
    out.push({ type: 'text-start', id: 'text-1' }, { type: 'text-delta', id: 'text-1', delta: text }, { type: 'text-end', id: 'text-1' });
  }
  // The error reads in the request's language, as the JSON errors do (server/lib/messages.ts).
  if (error && status !== 'blocked') out.push({ type: 'error', errorText: textOf(error, locale) });
  else {
    // A safe reply says which concern it answers, so the page can show help resources at once.
    const safety = status === 'blocked' ? safeReplyCategory(text) : undefined;
    out.push({
      type: 'finish',
      finishReason: status === 'blocked' ? 'content-filter' : 'stop',
      messageMetadata: { ...meta, status, ...(safety ? { safety } : {}) },
    });
  }
  return out;
}

function response(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, { headers: UI_MESSAGE_STREAM_HEADERS });
}

/**
 * Streams a live generation: what it has so far, then each delta. Cancelling (the browser went
 * away) only unsubscribes; the generation goes on and is stored. `locale`: the request's language,
 * which an error at the end is written in.
 */
export function liveReplyResponse(
  generation: Generation,
  meta: ReplyMetadata,
  describeError: (r: GenerationResult) => AppError | undefined,
  locale: Locale = DEFAULT_LOCALE,
): Response {
  let unsubscribe = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(sse({ type: 'start', messageId: meta.messageId, messageMetadata: meta }));
      controller.enqueue(sse({ type: 'text-start', id: 'text-0' }));
      const finish = (result: GenerationResult) => {
        for (const c of closing(
          result.stopped ? { ...meta, stopped: true } : meta,
          result.status,
          result.text,
          result.replaced,
          describeError(result),
          locale,
        ))
          controller.enqueue(sse(c));
        controller.enqueue(done);
        controller.close();
      };
      if (generation.result) return finish(generation.result);
      if (generation.text) controller.enqueue(sse({ type: 'text-delta', id: 'text-0', delta: generation.text }));
      unsubscribe = generation.subscribe((e) => {
        if (e.type === 'delta') controller.enqueue(sse({ type: 'text-delta', id: 'text-0', delta: e.delta }));
        else finish(e.result);
      });
    },
    cancel() {
      unsubscribe();
    },
  });
  return response(body);
}

/** Replays a stored reply in the same shape, for a repeated request (an error in `locale`, the request's language). */
export function storedReplyResponse(reply: StoredReply, meta: ReplyMetadata, locale: Locale = DEFAULT_LOCALE): Response {
  const chunks: Chunk[] = [
    { type: 'start', messageId: meta.messageId, messageMetadata: meta },
    { type: 'text-start', id: 'text-0' },
    ...(reply.text ? [{ type: 'text-delta' as const, id: 'text-0', delta: reply.text }] : []),
    ...closing(meta, reply.status === 'streaming' ? 'interrupted' : reply.status, reply.text, false, reply.error, locale),
  ];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(sse(c));
      controller.enqueue(done);
      controller.close();
    },
  });
  return response(body);
}

/** A stored reply as another process left it: the text so far, and how it ended once it has. */
export interface ReplySnapshot {
  text: string;
  end?: { status: NonNullable<ReplyMetadata['status']>; error?: AppError; stopped?: boolean };
}

/**
 * Streams a reply another process is writing: the text so far, then each newer snapshot's added
 * text (its stored checkpoints, or what its process relays), then the end. `poll` reads the stored reply; it is asked
 * every `everyMs` while someone reads, and never again once the reader went away.
 */
export function followedReplyResponse(
  meta: ReplyMetadata,
  first: string,
  poll: () => Promise<ReplySnapshot>,
  everyMs: number,
  /** Called once when the stream ends or its reader goes away. */
  onClose: () => void = () => undefined,
  /** The request's language, which an error at the end is written in. */
  locale: Locale = DEFAULT_LOCALE,
): Response {
  let cancelled = false;
  let sent = first;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(sse({ type: 'start', messageId: meta.messageId, messageMetadata: meta }));
      controller.enqueue(sse({ type: 'text-start', id: 'text-0' }));
      if (first) controller.enqueue(sse({ type: 'text-delta', id: 'text-0', delta: first }));
    },
    async pull(controller) {
      for (;;) {
        await new Promise((r) => setTimeout(r, everyMs));
        if (cancelled) return;
        const snap = await poll();
        if (cancelled) return;
        // Checkpoints only grow; a final text that does not continue what was sent replaced it.
        const grows = snap.text.length > sent.length && snap.text.startsWith(sent);
        if (!snap.end) {
          if (!grows) continue;
          controller.enqueue(sse({ type: 'text-delta', id: 'text-0', delta: snap.text.slice(sent.length) }));
          sent = snap.text;
          return;
        }
        const replaced = !snap.text.startsWith(sent);
        if (grows) controller.enqueue(sse({ type: 'text-delta', id: 'text-0', delta: snap.text.slice(sent.length) }));
        const { status, error, stopped } = snap.end;
        for (const c of closing(stopped ? { ...meta, stopped: true } : meta, status, snap.text, replaced, error, locale))
          controller.enqueue(sse(c));
        controller.enqueue(done);
        controller.close();
        onClose();
        return;
      }
    },
    cancel() {
      cancelled = true;
      onClose();
    },
  });
  return response(body);
}
