// Issue 15, item 3: where the embedded database's work goes when a class's sends arrive together.
// For PGlite on the main thread and in its worker thread (pglite-thread.ts), the cost per send
// of the statements a send makes: the event loop's busy time (what delays every open stream's
// chunks and every other request), the process's CPU, and the wall time per send, made one after
// another and all at once (a burst). Then the same sends' writes made one statement per send
// against one statement for the whole burst (the batching option).
// `npm run bench -- pglite-options`; BENCH_SENDS (default 200) and BENCH_BATCH (default 50).
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { openPglite, schema, type Database, type PgliteThreadMode } from '../server/db/client';
import { readEnv } from '../server/config';

const sends = Number(readEnv('BENCH_SENDS') ?? 200);
const batch = Number(readEnv('BENCH_BATCH') ?? 50);

interface Figures {
  busy: number;
  cpu: number;
  wall: number;
}

/** Runs `n` operations one after another or all at once; per operation: loop busy, process CPU, wall (ms). */
async function measure(n: number, op: (i: number) => Promise<unknown>, burst: boolean): Promise<Figures> {
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  if (burst) await Promise.all(Array.from({ length: n }, (_, i) => op(i)));
  else for (let i = 0; i < n; i++) await op(i);
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const loop = performance.eventLoopUtilization(elu);
  return { busy: loop.active / n, cpu: (used.user + used.system) / 1000 / n, wall: wall / n };
}

const f = (x: number) => x.toFixed(3).padStart(7);
const row = (thread: string, what: string, m: Figures) =>
  console.log(`${thread.padEnd(6)} | ${what.padEnd(44)} | ${f(m.busy)} | ${f(m.cpu)} | ${f(m.wall)}`);

async function world(database: Database) {
  const { db } = database;
  const owner = randomUUID();
  await db.insert(schema.user).values({ id: owner, name: 'Bench', email: `${owner}@bench.test`, emailVerified: true, role: 'teacher' });
  const conversations = await db
    .insert(schema.conversation)
    .values(Array.from({ length: sends }, () => ({ ownerId: owner, title: '' })))
    .returning({ id: schema.conversation.id });
  // Twenty turns of history each, as a conversation some way in.
  for (const c of conversations) {
    await db.insert(schema.aiMessage).values(
      Array.from({ length: 20 }, (_, i) => ({
        conversationId: c.id,
        seq: i + 1,
        role: i % 2 ? ('assistant' as const) : ('user' as const),
        text: 'A turn of about a hundred characters, as a pupil or a tutor writes them in the middle of a lesson.',
        status: 'complete' as const,
      })),
    );
  }
  return { owner, ids: conversations.map((c) => c.id) };
}

/** A send's read: the owner's conversation and its latest turns. */
const read = (db: Database['db'], owner: string, id: string) =>
  db
    .select({ conversation: schema.conversation, message: schema.aiMessage })
    .from(schema.conversation)
    .leftJoin(schema.aiMessage, eq(schema.aiMessage.conversationId, schema.conversation.id))
    .where(sql`${schema.conversation.id} = ${id} and ${schema.conversation.ownerId} = ${owner}`)
    .orderBy(sql`${schema.aiMessage.seq} desc`)
    .limit(60);

/** A send's write: the user turn and the reply row, at the conversation's next seq. */
const turns = (id: string, seq: number) => [
  { conversationId: id, seq, role: 'user' as const, text: 'What is a half plus a quarter?', status: 'complete' as const },
  { conversationId: id, seq: seq + 1, role: 'assistant' as const, text: '', status: 'streaming' as const },
];

console.log(`PGlite options: ${sends} sends (fresh conversations with 20 turns each); batches of ${batch}.`);
console.log('Per send, in ms: busy = the main event loop; cpu = the whole process (both threads); wall = elapsed / sends.');
console.log('thread | what                                         |    busy |     cpu |    wall');
for (const thread of ['main', 'worker'] as PgliteThreadMode[]) {
  const database = await openPglite({ thread });
  const { db } = database;
  const { owner, ids } = await world(database);
  await measure(20, () => db.execute(sql`select 1`), false); // warm-up
  row(thread, 'select 1, one after another', await measure(sends, () => db.execute(sql`select 1`), false));
  row(thread, "a send's read, one after another", await measure(sends, (i) => read(db, owner, ids[i]!), false));
  row(thread, "a send's read, all at once", await measure(sends, (i) => read(db, owner, ids[i]!), true));
  let seq = 100;
  row(
    thread,
    "a send's write, one statement each, at once",
    await measure(sends, (i) => db.insert(schema.aiMessage).values(turns(ids[i]!, seq)), true),
  );
  seq += 2;
  const batches = Math.ceil(sends / batch);
  const batched = await measure(
    batches,
    (b) => db.insert(schema.aiMessage).values(ids.slice(b * batch, (b + 1) * batch).flatMap((id) => turns(id, seq))),
    true,
  );
  const perSend = (x: number) => (x * batches) / sends;
  row(thread, `the same writes, one statement per ${batch} sends`, {
    busy: perSend(batched.busy),
    cpu: perSend(batched.cpu),
    wall: perSend(batched.wall),
  });
  await database.close();
}
