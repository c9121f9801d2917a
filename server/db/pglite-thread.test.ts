import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openPglite, schema, type Database } from './client';
import { isUniqueViolation } from '../lib/errors';
import { testDbKind } from '../../tests/env';

// The embedded database in its worker thread (pglite-thread.ts, the server's default) answers
// as PGlite on the main thread does: the same rows and types through drizzle, transactions that
// commit or roll back whole, PostgreSQL's error fields, LISTEN/NOTIFY and the backup's dump.
// PGlite either way, so it runs in the PGlite suite only.

const dir = mkdtempSync(path.join(os.tmpdir(), 'classbots-pglite-thread-'));
let worker: Database;
let main: Database;
const onPglite = testDbKind() === 'pglite';
// The suite's migrated template (a fresh folder costs an initdb); the worker's own opens a folder, as the server does.
const template = () => new Blob([readFileSync(inject('pgliteTemplate'))]);
beforeAll(async () => {
  if (!onPglite) return;
  [worker, main] = await Promise.all([
    openPglite({ dataDir: path.join(dir, 'worker'), thread: 'worker' }),
    openPglite({ loadDataDir: template(), thread: 'main' }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([worker?.close(), main?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const user = (id: string) => ({ id, name: `User ${id}`, email: `${id}@school.test`, emailVerified: true, role: 'teacher' as const });

async function roundTrip(database: Database) {
  const { db } = database;
  await db.insert(schema.user).values(user('rt'));
  const [conversation] = await db.insert(schema.conversation).values({ ownerId: 'rt', title: 'Fractions' }).returning();
  await db.insert(schema.aiMessage).values({ conversationId: conversation!.id, seq: 1, role: 'user', text: 'Hi ½ ✓', status: 'complete' });
  const [row] = await db
    .select({ conversation: schema.conversation, message: schema.aiMessage })
    .from(schema.conversation)
    .innerJoin(schema.aiMessage, eq(schema.aiMessage.conversationId, schema.conversation.id))
    .where(eq(schema.conversation.id, conversation!.id));
  const raw = await db.execute<{ j: unknown; a: number[]; n: null; b: boolean }>(
    sql`select '{"k":[1,"x"]}'::jsonb as j, array[1,2,3] as a, null as n, true as b`,
  );
  return { row: row!, raw: (raw as { rows: Record<string, unknown>[] }).rows[0] };
}

describe.skipIf(!onPglite)('PGlite in a worker thread (PGlite-only)', () => {
  it('reads and writes the same rows and types as PGlite on the main thread', async () => {
    const [a, b] = await Promise.all([roundTrip(worker), roundTrip(main)]);
    expect(a.row.message.createdAt).toBeInstanceOf(Date);
    expect(a.row.message.text).toBe('Hi ½ ✓');
    expect(a.raw).toEqual(b.raw);
    expect(a.raw).toEqual({ j: { k: [1, 'x'] }, a: [1, 2, 3], n: null, b: true });
    const shape = (r: typeof a.row) => ({
      ...r,
      conversation: { ...r.conversation, id: '' },
      message: { ...r.message, id: '', conversationId: '' },
    });
    const strip = (r: typeof a.row) => {
      const s = shape(r);
      for (const t of [s.conversation, s.message] as Record<string, unknown>[])
        for (const k of Object.keys(t)) if (t[k] instanceof Date) t[k] = 'date';
      return s;
    };
    expect(strip(a.row)).toEqual(strip(b.row));
  });

  it('commits a transaction whole, rolls one back whole, and keeps a savepoint', async () => {
    const { db } = worker;
    await db.insert(schema.user).values(user('tx'));
    await expect(
      db.transaction(async (tx) => {
        await tx.update(schema.user).set({ name: 'Changed' }).where(eq(schema.user.id, 'tx'));
        throw new Error('stop here');
      }),
    ).rejects.toThrow('stop here');
    const nameOf = async () => (await db.select({ name: schema.user.name }).from(schema.user).where(eq(schema.user.id, 'tx')))[0]!.name;
    expect(await nameOf()).toBe('User tx');
    const answer = await db.transaction(async (tx) => {
      await tx.update(schema.user).set({ name: 'Outer' }).where(eq(schema.user.id, 'tx'));
      await tx
        .transaction(async (inner) => {
          await inner.update(schema.user).set({ name: 'Inner' }).where(eq(schema.user.id, 'tx'));
          throw new Error('inner only');
        })
        .catch(() => undefined);
      return 42;
    });
    expect(answer).toBe(42);
    expect(await nameOf()).toBe('Outer');
  });

  it('runs one transaction at a time: a write from outside waits for the commit', async () => {
    const { db } = worker;
    await db.insert(schema.user).values(user('serial'));
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
      await t.update(schema.user).set({ name: 'first' }).where(eq(schema.user.id, 'serial'));
      await held;
      order.push('tx done');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db
      .update(schema.user)
      .set({ name: 'second' })
      .where(eq(schema.user.id, 'serial'))
      .then(() => order.push('outside done'));
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual([]);
    release();
    await Promise.all([tx, outside]);
    expect(order).toEqual(['tx done', 'outside done']);
    const [row] = await db.select({ name: schema.user.name }).from(schema.user).where(eq(schema.user.id, 'serial'));
    expect(row!.name).toBe('second');
  });

  it("keeps PostgreSQL's error fields, so a unique violation is recognised by its constraint", async () => {
    const { db } = worker;
    await db.insert(schema.user).values(user('dup'));
    const err = await db
      .insert(schema.user)
      .values({ ...user('dup2'), email: 'dup@school.test' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(err, 'user_email_unique')).toBe(true);
    expect(isUniqueViolation(err, 'some_other_constraint')).toBe(false);
    // The thread is still usable after an error.
    expect(((await db.execute(sql`select 1 as one`)) as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
  });

  it('delivers notifications to each listener until it stops listening', async () => {
    const got: string[] = [];
    const stop = await worker.listen('thread_test', { notify: (p) => got.push(p) });
    await worker.db.execute(sql`select pg_notify('thread_test', 'one')`);
    await worker.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('thread_test', 'rolled back')`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await worker.db.execute(sql`select pg_notify('thread_test', 'two')`);
    await expect.poll(() => got).toEqual(['one', 'two']);
    await stop();
    await worker.db.execute(sql`select pg_notify('thread_test', 'three')`);
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual(['one', 'two']);
  });

  it('dumps the data folder for a backup, and that dump opens with the rows in it', async () => {
    const client = (worker.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('gzip');
    expect(dump.size).toBeGreaterThan(1000);
    const restored = await openPglite({ loadDataDir: dump, thread: 'worker' });
    try {
      const rows = await restored.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.id, 'rt'));
      expect(rows).toEqual([{ id: 'rt' }]);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('tells its owner when the thread dies without close(), and answers every caller with an error', async () => {
    const died: Error[] = [];
    const doomed = await openPglite({ loadDataDir: template(), thread: 'worker', onDied: (err) => died.push(err) });
    const worker = (doomed.db as unknown as { $client: { worker: { terminate(): Promise<number> } } }).$client.worker;
    await worker.terminate();
    await expect.poll(() => died.length).toBe(1);
    await expect(doomed.db.execute(sql`select 1`)).rejects.toThrow();
    // A close() of its own is not a death.
    const closing: Error[] = [];
    const closed = await openPglite({ loadDataDir: template(), thread: 'worker', onDied: (err) => closing.push(err) });
    await closed.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(closing).toEqual([]);
  }, 60_000);

  it('refuses queries once closed, without leaving the caller waiting', async () => {
    const extra = await openPglite({ loadDataDir: template(), thread: 'worker' });
    await extra.close();
    await expect(extra.db.execute(sql`select 1`)).rejects.toThrow();
  }, 60_000);
});
