import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../core/context';
import { logWarning, outsideRequest } from '../../lib/log';
import { liveGeneration } from './conversations.live';

/**
 * Replies across processes (several processes on one PostgreSQL, docs/decisions/205): the process
 * writing a reply is the only one holding it live, so what another process needs of it travels by
 * NOTIFY on this channel. A Stop pressed on another process stops it; a page attached through
 * another process follows it live: that process asks (follow), and the writer relays the text as
 * it is released (text, from an offset) and says when it ended (end), after its final write. Ids
 * and the text a follower may see only (a student's reply: its checked text), never logged.
 */
export const REPLY_CHANNEL = 'classbots_reply';
/** A relayed piece's characters: at most 4 bytes each, well under NOTIFY's 8000-byte payload. */
const PIECE_CHARS = 1_500;
/** The writer gathers what is written for this long before it relays it: one notice per beat. */
const RELAY_BEAT_MS = 50;

const notice = z.discriminatedUnion('t', [
  z.object({ t: z.literal('follow'), id: z.uuid() }),
  z.object({ t: z.literal('stop'), id: z.uuid() }),
  z.object({ t: z.literal('text'), id: z.uuid(), at: z.number().int().min(0), d: z.string().max(PIECE_CHARS) }),
  z.object({ t: z.literal('end'), id: z.uuid() }),
]);
type Notice = z.infer<typeof notice>;

/** What this process has heard of a reply another process writes. */
export interface Followed {
  text: string;
  ended: boolean;
  /** Called on each change (new text, the end). */
  changed: Set<() => void>;
}

interface Relays {
  /** Replies written here that another process follows: what stops relaying each. */
  relaying: Map<string, () => void>;
  /** Replies written elsewhere that a page here follows, with how many pages do. */
  following: Map<string, { state: Followed; pages: number }>;
}

const relaysOf = new WeakMap<AppDeps, Relays>();
const watching = new WeakMap<AppDeps, Promise<unknown>>();

async function send(deps: AppDeps, n: Notice) {
  await deps.database.db.execute(sql`select pg_notify(${REPLY_CHANNEL}, ${JSON.stringify(n)})`);
}

/** Sends a notice; a failed one is logged (the follower then reads checkpoints, a Stop answers the stored status). */
function post(deps: AppDeps, n: Notice): Promise<void> {
  return send(deps, n).catch((err: unknown) => logWarning(null, `ai: a reply notice (${n.t}) could not be sent`, err));
}

/** True when this process listens for reply notices (PostgreSQL, after watchReplies). */
export function relayed(deps: AppDeps): boolean {
  return relaysOf.has(deps);
}

/** Asks every process to stop this reply; the one writing it does. */
export function stopElsewhere(deps: AppDeps, id: string): Promise<void> {
  return post(deps, { t: 'stop', id });
}

/**
 * Follows a reply another process writes: its text as relayed, and its end. Call `leave` when the
 * page goes away. Undefined when this process does not relay (PGlite: there is no other process).
 */
export function followElsewhere(deps: AppDeps, id: string): { state: Followed; leave: () => void } | undefined {
  const relays = relaysOf.get(deps);
  if (!relays) return undefined;
  let entry = relays.following.get(id);
  if (!entry) relays.following.set(id, (entry = { state: { text: '', ended: false, changed: new Set() }, pages: 0 }));
  entry.pages += 1;
  void post(deps, { t: 'follow', id });
  const held = entry;
  let left = false;
  return {
    state: held.state,
    leave: () => {
      if (left) return;
      left = true;
      held.pages -= 1;
      if (held.pages === 0 && relays.following.get(id) === held) relays.following.delete(id);
    },
  };
}

/** The writer's side: relays a reply live here to the processes following it, until it ends. */
function relay(deps: AppDeps, relays: Relays, id: string) {
  const generation = liveGeneration(deps, id);
  if (!generation) return;
  // A second follower: the text from the start again (followers keep what continues theirs).
  relays.relaying.get(id)?.();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  let sending = Promise.resolve();
  const flush = () => {
    timer = undefined;
    const text = generation.text;
    const pieces: Notice[] = [];
    for (let at = sent; at < text.length; at += PIECE_CHARS) pieces.push({ t: 'text', id, at, d: text.slice(at, at + PIECE_CHARS) });
    sent = text.length;
    sending = sending.then(async () => {
      for (const p of pieces) await post(deps, p);
    });
  };
  const unsubscribe = generation.subscribe((e) => {
    if (e.type === 'delta') {
      timer ??= setTimeout(flush, RELAY_BEAT_MS);
      return;
    }
    clearTimeout(timer);
    flush();
    stop();
    // The end is sent once the reply's final write is done (the listeners' end comes after it).
    sending = sending.then(() => post(deps, { t: 'end', id }));
  });
  const stop = () => {
    unsubscribe();
    clearTimeout(timer);
    if (relays.relaying.get(id) === stop) relays.relaying.delete(id);
  };
  relays.relaying.set(id, stop);
  if (generation.result) {
    stop();
    flush();
    sending = sending.then(() => post(deps, { t: 'end', id }));
    return;
  }
  flush();
}

function heard(deps: AppDeps, relays: Relays, payload: string) {
  let parsed: Notice;
  try {
    parsed = notice.parse(JSON.parse(payload));
  } catch {
    logWarning(null, 'ai: a malformed reply notice was ignored');
    return;
  }
  switch (parsed.t) {
    case 'stop':
      liveGeneration(deps, parsed.id)?.stop();
      return;
    case 'follow':
      relay(deps, relays, parsed.id);
      return;
    case 'text': {
      const state = relays.following.get(parsed.id)?.state;
      // Only a piece that continues what this process has (a repeat from the start is skipped).
      if (!state || state.ended || parsed.at > state.text.length || parsed.at + parsed.d.length <= state.text.length) return;
      state.text = state.text.slice(0, parsed.at) + parsed.d;
      for (const f of [...state.changed]) f();
      return;
    }
    case 'end': {
      const state = relays.following.get(parsed.id)?.state;
      if (!state) return;
      state.ended = true;
      for (const f of [...state.changed]) f();
      return;
    }
  }
}

/**
 * Starts this process's LISTEN for reply notices (PostgreSQL; once per AppDeps, whose runtime
 * holds the replies written here). The embedded database has no other process: nothing to hear.
 */
export function watchReplies(deps: AppDeps): Promise<unknown> {
  let w = watching.get(deps);
  if (w) return w;
  if (deps.database.kind === 'pglite') w = Promise.resolve();
  else {
    const relays: Relays = { relaying: new Map(), following: new Map() };
    w = outsideRequest(() =>
      deps.database.listen(REPLY_CHANNEL, {
        notify: (payload) => heard(deps, relays, payload),
        // Notices may have been missed: followers fall back on the stored checkpoints and end.
      }),
    ).then((stop) => {
      relaysOf.set(deps, relays);
      return stop;
    });
    w.catch((err: unknown) => {
      watching.delete(deps);
      logWarning(null, 'ai: listening for reply notices failed; followers read checkpoints', err);
    });
  }
  watching.set(deps, w);
  return w;
}
