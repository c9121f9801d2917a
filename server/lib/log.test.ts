import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { TestClient, signedIn, type TestContext } from '../../tests/harness';
import { imageBotOf, key } from '../../tests/fakes/ai-helpers';
import { useAiTest } from '../../tests/ai';
import type { FakeGemini } from '../../tests/fakes/gemini';
import { AppError } from './errors';
import { message } from './message';
import { describeError, logError } from './log';

/** Logs carry the request id and the error's codes, never what a user wrote, sent or is called. */

let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t));

// Distinctive enough that no code path could print it by chance.
const SENTENCE = 'The quiet heron counted seventeen lanterns above Maple Street';

/** Everything written to console.error and console.warn while `run` runs. */
async function captureLogs(run: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map((a) => (typeof a === 'string' ? a : String(a))).join(' '));
  vi.spyOn(console, 'error').mockImplementation(keep);
  vi.spyOn(console, 'warn').mockImplementation(keep);
  await run();
  return lines.join('\n');
}

/** Adds a check that every new row of `table` fails, as a broken write would (NOT VALID: old rows stay). */
async function refuseWritesTo(table: string, constraint: string) {
  await ctx.database.db.execute(sql.raw(`alter table "${table}" add constraint "${constraint}" check (false) not valid`));
  return () => ctx.database.db.execute(sql.raw(`alter table "${table}" drop constraint "${constraint}"`));
}

describe('a failing write through a real route', () => {
  it('logs the request id, the pg code, the constraint and the table, not the text, the title or the address', async () => {
    const { user, client } = await signedIn(ctx);
    const undo = await refuseWritesTo('saved_item', 'test_refuse_saved');
    let res!: Response;
    const logs = await captureLogs(async () => {
      res = await client.request('POST', '/api/saved', {
        kind: 'document',
        title: `Notes: ${SENTENCE}`,
        body: `# Reading\n\n${SENTENCE}.`,
      });
    });
    await undo();
    expect(res.status).toBe(500);
    const { error } = (await res.json()) as { error: { code: string; requestId: string; message: string } };
    expect(error.code).toBe('internal');
    expect(error.message).not.toContain('heron');
    expect(logs).toContain(`[${error.requestId}]`);
    expect(logs).toContain('POST /api/saved');
    expect(logs).toContain('DatabaseError code=23514');
    expect(logs).toContain('constraint=test_refuse_saved');
    expect(logs).toContain('table=saved_item');
    // The database's message and detail quote the row; drizzle's message quotes the parameters.
    for (const leak of ['heron', 'Maple', 'Failing row', 'params', 'insert into', user.email]) {
      expect(logs).not.toContain(leak);
    }
  });

  it("logs better-auth's own failures the same way: a refused sign-up names the code, not the address", async () => {
    const undo = await refuseWritesTo('user', 'test_refuse_user');
    const email = 'heron.lanterns@example.org';
    let status = 0;
    const logs = await captureLogs(async () => {
      const res = await new TestClient(ctx).post('/api/auth/sign-up/email', {
        email,
        password: 'password123',
        name: SENTENCE,
        role: 'teacher',
      });
      status = res.status;
    });
    await undo();
    expect(status).toBeGreaterThanOrEqual(400);
    expect(logs).toContain('auth: ');
    expect(logs).toContain('code=23514');
    expect(logs).not.toContain('heron');
    expect(logs).not.toContain('lanterns');
  });
});

describe('a logged AppError', () => {
  it("logs a provider's refusal by code and HTTP status, never the provider's text that echoes the prompt", async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const botId = await imageBotOf(client);
    fake.core.failNext({ kind: 'status', status: 400, message: `Cannot draw: ${SENTENCE}` });
    let res!: Response;
    const logs = await captureLogs(async () => {
      res = await client.request('POST', '/api/images', { idempotencyKey: key(), prompt: SENTENCE, botId });
    });
    const { error } = (await res.json()) as { error: { code: string; requestId: string; message: string } };
    // The caller is told what the provider said; the log is not.
    expect([res.status, error.code]).toEqual([502, 'ai_bad_request']);
    expect(error.message).toContain('heron');
    expect(logs).toContain(`[${error.requestId}] POST /api/images: AppError code=ai_bad_request status=502`);
    expect(logs).toContain('statusCode=400');
    expect(logs).not.toContain('heron');
  });
});

describe('describeError', () => {
  it('keeps codes and schema names of a wrapped database error and drops its message, detail and parameters', () => {
    const pgError = Object.assign(new Error(`duplicate key value violates unique constraint "user_email_key"`), {
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (email)=(ada@example.org) already exists.',
      table: 'user',
      constraint: 'user_email_key',
      routine: '_bt_check_unique',
    });
    class DrizzleQueryError extends Error {
      constructor(
        readonly query: string,
        readonly params: unknown[],
        cause: unknown,
      ) {
        super(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause });
      }
    }
    const text = describeError(new DrizzleQueryError('insert into "user" ("email") values ($1)', ['ada@example.org'], pgError));
    expect(text).toBe(
      'DrizzleQueryError <- DatabaseError code=23505 severity=ERROR table=user constraint=user_email_key routine=_bt_check_unique',
    );
  });

  it("keeps a system error's code and syscall but not its path, and nothing of a thrown string or a JSON error's input", () => {
    const fsError = Object.assign(new Error("ENOENT: no such file or directory, open '/data/Heron essay.docx'"), {
      code: 'ENOENT',
      errno: -2,
      syscall: 'open',
      path: '/data/Heron essay.docx',
    });
    expect(describeError(fsError)).toBe('Error code=ENOENT errno=-2 syscall=open');
    expect(describeError(`${SENTENCE}`)).toBe('a thrown string');
    let parseError: unknown;
    try {
      JSON.parse(`{"note": "${SENTENCE}`);
    } catch (err) {
      parseError = err;
    }
    expect(describeError(parseError)).toBe('SyntaxError');
  });

  it('writes stack frames (where in the code) but never the first line of the stack, which is the message', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    logError('req-1', 'test: a bug', new TypeError(`Cannot read properties of undefined (reading '${SENTENCE}')`));
    logError(
      'req-2',
      'test: an app error',
      new AppError('conflict', 409, message('alreadyOnTeacherList', { email: SENTENCE }), { log: true }),
    );
    expect(lines[0]).toMatch(/^\[req-1\] test: a bug: TypeError\n {4}at /);
    expect(lines[1]).toBe('[req-2] test: an app error: AppError code=conflict status=409');
    expect(lines.join('\n')).not.toContain('heron');
  });
});
