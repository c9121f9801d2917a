import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { SupportTicketList, TicketDetail, TicketList, TicketUnreadCount } from '../../../contract/tickets';
import { schema } from '../../db/client';
import { createTestContext, linkIn, signedIn, SUPPORT_EMAIL, TestClient, type TestContext } from '../../../tests/harness';
import { forgetUserSessions } from '../../core/session-cache';
import { adminOf, makeSchool } from '../bots/bots.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { conversationOf, key, newTicket } from './tickets.test-helpers';

// Issue 18, item 5: support tickets. Teachers and admins open and read their own; the support
// account reads and answers every one. Everyone else is refused, and a refused request changes nothing.
type ErrorJson = { error: { code: string } };
type Result = { ticket: TicketDetail };

let ctx: TestContext;
let support: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  support = (await signedIn(ctx, { email: SUPPORT_EMAIL, role: 'teacher' })).client;
});
afterAll(() => ctx.close());

async function statusOf(client: TestClient, method: string, url: string, body?: unknown) {
  const res = await client.request(method, url, body);
  const json = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as ErrorJson) : null;
  return { status: res.status, code: json?.error?.code };
}

const ticketRows = () => ctx.database.db.select().from(schema.supportTicket).orderBy(schema.supportTicket.id);
const messageRows = () => ctx.database.db.select().from(schema.supportMessage).orderBy(schema.supportMessage.id);

// Sign-in refuses an unverified address: an account whose address stops being verified, its session open.
async function unverified(c: TestContext, email?: string) {
  const { user, client } = await signedIn(c, { role: 'teacher', ...(email ? { email } : {}) });
  await c.database.db.update(schema.user).set({ emailVerified: false }).where(eq(schema.user.id, user.id));
  forgetUserSessions(user.id);
  return client;
}

async function open(client: TestClient, over: Record<string, unknown> = {}) {
  const res = await client.json<Result>('POST', '/api/tickets', newTicket(over));
  expect(res.status).toBe(201);
  return res.body.ticket;
}

async function uploadAs(client: TestClient, name = 'screen.txt', data = 'the error said 42') {
  const form = new FormData();
  form.set('file', new File([data], name, { type: 'text/plain' }));
  form.set('purpose', 'attachment');
  const res = await client.request('POST', '/api/files', form);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('access', () => {
  it('401 signed out, 403 to students and to unverified teachers on every opener endpoint', async () => {
    const owner = (await signedIn(ctx, { role: 'teacher' })).client;
    const ticket = await open(owner);
    const before = [await ticketRows(), await messageRows()];
    const all: [string, string, unknown?][] = [
      ['GET', '/api/tickets'],
      ['POST', '/api/tickets', newTicket()],
      ['GET', '/api/tickets/unread-count'],
      ['GET', `/api/tickets/${ticket.id}`],
      ['POST', `/api/tickets/${ticket.id}/messages`, { message: 'Hi', idempotencyKey: key() }],
    ];
    const student = (await signedIn(ctx, { role: 'student' })).client;
    const unverifiedTeacher = await unverified(ctx);
    for (const [method, url, body] of all) {
      expect([url, (await statusOf(new TestClient(ctx), method, url, body)).status]).toEqual([url, 401]);
      expect([url, await statusOf(student, method, url, body)]).toEqual([url, { status: 403, code: 'forbidden' }]);
      expect([url, await statusOf(unverifiedTeacher, method, url, body)]).toEqual([url, { status: 403, code: 'forbidden' }]);
      expect([url, await statusOf(support, method, url, body)]).toEqual([url, { status: 403, code: 'forbidden' }]);
    }
    expect([await ticketRows(), await messageRows()]).toEqual(before);
  });

  it("404 for another teacher's ticket (free, premium, an admin of another school), and it stays unread for its opener", async () => {
    const owner = (await signedIn(ctx, { role: 'teacher' })).client;
    const ticket = await open(owner);
    await support.json('POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'Try again', idempotencyKey: key() });
    const before = [await ticketRows(), await messageRows()];
    const others = [
      (await signedIn(ctx, { role: 'teacher' })).client,
      (await premiumTeacher(ctx)).client,
      await adminOf(ctx, await makeSchool(ctx)),
    ];
    const fileId = ticket.messages[0]?.attachment?.id ?? '00000000-0000-4000-8000-000000000000';
    for (const other of others) {
      for (const [method, url, body] of [
        ['GET', `/api/tickets/${ticket.id}`],
        ['POST', `/api/tickets/${ticket.id}/messages`, { message: 'Mine now', idempotencyKey: key() }],
        ['GET', `/api/tickets/${ticket.id}/attachments/${fileId}`],
        ['GET', '/api/tickets/not-a-uuid'],
      ] as [string, string, unknown?][]) {
        expect([url, await statusOf(other, method, url, body)]).toEqual([url, { status: 404, code: 'not_found' }]);
      }
      expect((await other.json<TicketList>('GET', '/api/tickets')).body.tickets).toEqual([]);
      expect((await other.json<TicketUnreadCount>('GET', '/api/tickets/unread-count')).body).toEqual({ unread: 0 });
    }
    expect([await ticketRows(), await messageRows()]).toEqual(before);
    expect((await owner.json<TicketUnreadCount>('GET', '/api/tickets/unread-count')).body).toEqual({ unread: 1 });
  });

  it('the support endpoints: 401 signed out, 403 to everyone but the verified support account, admins included', async () => {
    const owner = (await signedIn(ctx, { role: 'teacher' })).client;
    const ticket = await open(owner);
    const before = [await ticketRows(), await messageRows()];
    const school = await makeSchool(ctx);
    const refused = [
      (await signedIn(ctx, { role: 'student' })).client,
      (await signedIn(ctx, { role: 'teacher' })).client,
      (await premiumTeacher(ctx)).client,
      await adminOf(ctx, school),
      owner,
    ];
    const all: [string, string, unknown?][] = [
      ['GET', '/api/support/tickets'],
      ['GET', `/api/support/tickets/${ticket.id}`],
      ['POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'Hi', idempotencyKey: key() }],
      ['POST', `/api/support/tickets/${ticket.id}/close`],
      ['POST', `/api/support/tickets/${ticket.id}/reopen`],
      ['GET', `/api/support/tickets/${ticket.id}/attachments/00000000-0000-4000-8000-000000000000`],
    ];
    for (const [method, url, body] of all) {
      expect([url, (await statusOf(new TestClient(ctx), method, url, body)).status]).toEqual([url, 401]);
      for (const client of refused) {
        expect([url, await statusOf(client, method, url, body)]).toEqual([url, { status: 403, code: 'forbidden' }]);
      }
    }
    expect([await ticketRows(), await messageRows()]).toEqual(before);
  });

  it('an unverified account at the support address is refused', async () => {
    const other = await createTestContext();
    try {
      const fake = await unverified(other, SUPPORT_EMAIL);
      expect(await statusOf(fake, 'GET', '/api/support/tickets')).toEqual({ status: 403, code: 'forbidden' });
    } finally {
      await other.close();
    }
  });
});

describe('the reply notice in the opener’s language (issue 30)', () => {
  it('tells a Spanish account in Spanish, with the same link and no reply text', async () => {
    const { user, client: teacher } = await signedIn(ctx, { role: 'teacher', name: 'Sra. Ruiz' });
    await teacher.json('PATCH', '/api/me/locale', { locale: 'es' });
    const ticket = (await teacher.json<Result>('POST', '/api/tickets', newTicket())).body.ticket;
    const before = ctx.mails().length;
    const replied = await support.json('POST', `/api/support/tickets/${ticket.id}/messages`, {
      message: 'Try again.',
      idempotencyKey: key(),
    });
    expect(replied.status).toBe(200);
    const [notice] = ctx.mails().slice(before);
    expect([notice?.to, notice?.subject]).toEqual([user.email, 'El soporte de ClassBots respondió a tu solicitud']);
    expect(notice!.body).toContain('Hola Sra. Ruiz:');
    expect(linkIn(notice!.body)).toBe(`${ctx.config.baseUrl}/contact-support?ticket=${ticket.id}`);
    expect(notice!.body).not.toContain('Try again.');
  });
});

describe('a ticket round trip', () => {
  it('open with an attachment -> support lists, reads and replies -> e-mail -> unread 1 -> read -> 0 -> close, reopen', async () => {
    const { user, client: teacher } = await signedIn(ctx, { role: 'teacher', name: 'Ms Rivera' });
    const fileId = await uploadAs(teacher);
    const mailsBefore = ctx.mails().length;
    const ticket = await open(teacher, { subject: 'Run button', attachmentFileId: fileId, category: 'question' });
    expect(ticket).toMatchObject({
      category: 'question',
      subject: 'Run button',
      status: 'open',
      unread: false,
      opener: null,
      report: null,
    });
    expect(ticket.messages).toEqual([
      expect.objectContaining({
        fromSupport: false,
        body: 'When I press Run, nothing happens.',
      }),
    ]);
    expect(ticket.messages[0]?.attachment).toMatchObject({ id: fileId, name: 'screen.txt' });
    // Support hears of it by mail.
    const toSupport = ctx.mails().slice(mailsBefore);
    expect(toSupport.map((m) => m.to)).toEqual([SUPPORT_EMAIL]);
    expect(linkIn(toSupport[0]!.body)).toBe(`${ctx.config.baseUrl}/supportTickets?ticket=${ticket.id}`);

    // The opener downloads their attachment; support too, by its own route.
    const own = await teacher.get(ticket.messages[0]!.attachment!.url);
    expect([own.status, await own.text()]).toEqual([200, 'the error said 42']);

    const list = await support.json<SupportTicketList>('GET', '/api/support/tickets?status=open&category=question');
    const listed = list.body.tickets.find((t) => t.id === ticket.id);
    expect(listed).toMatchObject({ unread: true, opener: { email: user.email, name: 'Ms Rivera' } });
    expect(
      (await support.json<SupportTicketList>('GET', '/api/support/tickets?category=billing')).body.tickets.map((t) => t.id),
    ).not.toContain(ticket.id);

    const read = await support.json<Result>('GET', `/api/support/tickets/${ticket.id}`);
    // Reading it marks it read.
    expect(read.body.ticket.unread).toBe(false);
    const file = await support.get(read.body.ticket.messages[0]!.attachment!.url);
    expect([file.status, await file.text()]).toEqual([200, 'the error said 42']);
    expect(
      (await support.json<SupportTicketList>('GET', '/api/support/tickets')).body.tickets.find((t) => t.id === ticket.id)?.unread,
    ).toBe(false);

    const replyKey = key();
    const mailsBeforeReply = ctx.mails().length;
    const replied = await support.json<Result>('POST', `/api/support/tickets/${ticket.id}/messages`, {
      message: 'Press it twice, then wait.',
      idempotencyKey: replyKey,
    });
    expect(replied.status).toBe(200);
    expect(replied.body.ticket.messages.map((m) => [m.fromSupport, m.body])).toEqual([
      [false, 'When I press Run, nothing happens.'],
      [true, 'Press it twice, then wait.'],
    ]);
    // The same reply sent twice is one reply, one e-mail.
    await support.json('POST', `/api/support/tickets/${ticket.id}/messages`, {
      message: 'Press it twice, then wait.',
      idempotencyKey: replyKey,
    });
    const notices = ctx.mails().slice(mailsBeforeReply);
    expect(notices.map((m) => m.to)).toEqual([user.email]);
    expect(linkIn(notices[0]!.body)).toBe(`${ctx.config.baseUrl}/contact-support?ticket=${ticket.id}`);
    expect(notices[0]!.body).not.toContain('Press it twice');

    expect((await teacher.json<TicketUnreadCount>('GET', '/api/tickets/unread-count')).body).toEqual({ unread: 1 });
    expect((await teacher.json<TicketList>('GET', '/api/tickets')).body.tickets).toEqual([
      expect.objectContaining({ id: ticket.id, unread: true }),
    ]);
    const mine = await teacher.json<Result>('GET', `/api/tickets/${ticket.id}`);
    expect(mine.body.ticket.messages).toHaveLength(2);
    expect((await teacher.json<TicketUnreadCount>('GET', '/api/tickets/unread-count')).body).toEqual({ unread: 0 });

    const closed = await support.json<Result>('POST', `/api/support/tickets/${ticket.id}/close`);
    expect(closed.body.ticket).toMatchObject({ status: 'closed' });
    expect(closed.body.ticket.closedAt).not.toBeNull();
    const reopened = await support.json<Result>('POST', `/api/support/tickets/${ticket.id}/reopen`);
    expect(reopened.body.ticket).toMatchObject({ status: 'open', closedAt: null });

    const audit = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'support_ticket'), eq(schema.auditLog.entityId, ticket.id)))
      .orderBy(schema.auditLog.at);
    expect(audit.map((a) => [a.action, a.actorKind, a.actorLabel, a.subjectUserId])).toEqual([
      ['ticket.reply', 'support', SUPPORT_EMAIL, user.id],
      ['ticket.close', 'support', SUPPORT_EMAIL, user.id],
      ['ticket.reopen', 'support', SUPPORT_EMAIL, user.id],
    ]);

    // The opener writing on a closed ticket opens it again, and support sees it unread.
    await support.json('POST', `/api/support/tickets/${ticket.id}/close`);
    const again = await teacher.json<Result>('POST', `/api/tickets/${ticket.id}/messages`, {
      message: 'Still broken.',
      idempotencyKey: key(),
    });
    expect(again.body.ticket).toMatchObject({ status: 'open' });
    expect(
      (await support.json<SupportTicketList>('GET', '/api/support/tickets')).body.tickets.find((t) => t.id === ticket.id),
    ).toMatchObject({
      unread: true,
    });
  });

  it("support's reply carries an attachment: the opener and support download it, nobody else (issue 25)", async () => {
    const { client: teacher } = await signedIn(ctx, { role: 'teacher' });
    const ticket = await open(teacher);
    const fileId = await uploadAs(support, 'steps.txt', 'Step 1: reload');
    const replied = await support.json<Result>('POST', `/api/support/tickets/${ticket.id}/messages`, {
      message: 'These steps should help.',
      attachmentFileId: fileId,
      idempotencyKey: key(),
    });
    expect(replied.status).toBe(200);
    const supportSide = replied.body.ticket.messages.at(-1)!;
    expect(supportSide).toMatchObject({ fromSupport: true, attachment: { id: fileId, name: 'steps.txt', size: 14 } });
    expect(supportSide.attachment!.url).toBe(`/api/support/tickets/${ticket.id}/attachments/${fileId}`);
    const openerSide = (await teacher.json<Result>('GET', `/api/tickets/${ticket.id}`)).body.ticket.messages.at(-1)!;
    expect(openerSide.attachment).toMatchObject({ id: fileId, name: 'steps.txt', url: `/api/tickets/${ticket.id}/attachments/${fileId}` });

    const mine = await teacher.get(openerSide.attachment!.url);
    expect([mine.status, await mine.text()]).toEqual([200, 'Step 1: reload']);
    const theirs = await support.get(supportSide.attachment!.url);
    expect([theirs.status, await theirs.text()]).toEqual([200, 'Step 1: reload']);
    // The audit entry names the file by id.
    const [entry] = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, ticket.id), eq(schema.auditLog.action, 'ticket.reply')));
    expect(entry!.after).toMatchObject({ attachmentFileId: fileId });

    // Everyone else: signed out 401; a student 403; another teacher, another school's admin, a premium teacher 404.
    const urls = [openerSide.attachment!.url, supportSide.attachment!.url, `/api/files/${fileId}`];
    for (const url of urls) expect([url, (await new TestClient(ctx).get(url)).status]).toEqual([url, 401]);
    const student = (await signedIn(ctx, { role: 'student' })).client;
    expect((await student.get(openerSide.attachment!.url)).status).toBe(403);
    expect((await student.get(supportSide.attachment!.url)).status).toBe(403);
    for (const other of [
      (await signedIn(ctx, { role: 'teacher' })).client,
      await adminOf(ctx, await makeSchool(ctx)),
      (await premiumTeacher(ctx)).client,
    ]) {
      expect(await statusOf(other, 'GET', openerSide.attachment!.url)).toEqual({ status: 404, code: 'not_found' });
      expect(await statusOf(other, 'GET', supportSide.attachment!.url)).toEqual({ status: 403, code: 'forbidden' });
    }
    // The opener reaches the file through the ticket only, not as a file of their own.
    expect((await teacher.get(`/api/files/${fileId}`)).status).toBe(404);
  });

  it("support cannot attach someone else's file, or one not ready: 404, nothing written", async () => {
    const { client: teacher } = await signedIn(ctx, { role: 'teacher' });
    const ticket = await open(teacher);
    const openers = await uploadAs(teacher, 'mine.txt', 'mine');
    const [pending] = await ctx.database.db
      .update(schema.file)
      .set({ status: 'processing' })
      .where(eq(schema.file.id, await uploadAs(support, 'half.txt', 'half')))
      .returning({ id: schema.file.id });
    const before = [await ticketRows(), await messageRows()];
    for (const attachmentFileId of [openers, pending!.id, '00000000-0000-4000-8000-000000000000']) {
      expect(
        await statusOf(support, 'POST', `/api/support/tickets/${ticket.id}/messages`, {
          message: 'See attached',
          attachmentFileId,
          idempotencyKey: key(),
        }),
      ).toEqual({ status: 404, code: 'not_found' });
    }
    expect([await ticketRows(), await messageRows()]).toEqual(before);
  });

  it('a double submit makes one ticket (201 then 200 with the same ticket)', async () => {
    const teacher = (await signedIn(ctx, { role: 'teacher' })).client;
    const body = newTicket();
    const [a, b] = await Promise.all([
      teacher.json<Result>('POST', '/api/tickets', body),
      teacher.json<Result>('POST', '/api/tickets', body),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.ticket.id).toBe(b.body.ticket.id);
    const third = await teacher.json<Result>('POST', '/api/tickets', body);
    expect([third.status, third.body.ticket.id]).toEqual([200, a.body.ticket.id]);
    expect((await teacher.json<TicketList>('GET', '/api/tickets')).body.tickets).toHaveLength(1);
    const msgKey = key();
    await teacher.json('POST', `/api/tickets/${a.body.ticket.id}/messages`, { message: 'More', idempotencyKey: msgKey });
    const twice = await teacher.json<Result>('POST', `/api/tickets/${a.body.ticket.id}/messages`, {
      message: 'More',
      idempotencyKey: msgKey,
    });
    expect(twice.body.ticket.messages).toHaveLength(2);
  });

  it('bad input is a 422 (a bad cursor a 400) and changes nothing', async () => {
    const teacher = (await signedIn(ctx, { role: 'teacher' })).client;
    const target = await open(teacher);
    const before = [await ticketRows(), await messageRows()];
    for (const bad of [
      newTicket({ subject: '' }),
      newTicket({ subject: 'x'.repeat(151) }),
      newTicket({ message: '   ' }),
      newTicket({ message: 'x'.repeat(5001) }),
      newTicket({ category: 'praise' }),
      newTicket({ idempotencyKey: 'short' }),
      newTicket({ attachmentFileId: 'nope' }),
      newTicket({ extra: 1 }),
    ]) {
      expect(await statusOf(teacher, 'POST', '/api/tickets', bad)).toEqual({ status: 422, code: 'validation_failed' });
    }
    expect((await teacher.request('POST', '/api/tickets', '{oops')).status).toBe(400);
    expect(await statusOf(support, 'GET', '/api/support/tickets?status=lost')).toEqual({ status: 422, code: 'validation_failed' });
    // A cursor the server did not hand out: the 400 every paged list gives (issue 25).
    expect(await statusOf(support, 'GET', '/api/support/tickets?cursor=garbage!')).toEqual({ status: 400, code: 'bad_cursor' });
    expect(await statusOf(support, 'GET', '/api/support/tickets?cursor=Z2FyYmFnZQ')).toEqual({ status: 400, code: 'bad_cursor' });
    expect(await statusOf(teacher, 'GET', '/api/tickets?cursor=garbage!')).toEqual({ status: 400, code: 'bad_cursor' });
    expect(await statusOf(teacher, 'GET', '/api/tickets?cursor=%00')).toEqual({ status: 400, code: 'bad_cursor' });
    expect(await statusOf(teacher, 'GET', '/api/tickets?page=2')).toEqual({ status: 422, code: 'validation_failed' });
    expect(
      await statusOf(support, 'POST', `/api/support/tickets/${target.id}/messages`, {
        message: 'See',
        attachmentFileId: 'nope',
        idempotencyKey: key(),
      }),
    ).toEqual({ status: 422, code: 'validation_failed' });
    expect([await ticketRows(), await messageRows()]).toEqual(before);
  });

  it("an attachment of another user's file, or a file not ready, is a 404 and opens nothing", async () => {
    const other = (await signedIn(ctx, { role: 'teacher' })).client;
    const theirs = await uploadAs(other, 'theirs.txt', 'secret');
    const teacher = (await signedIn(ctx, { role: 'teacher' })).client;
    const before = [await ticketRows(), await messageRows()];
    expect(await statusOf(teacher, 'POST', '/api/tickets', newTicket({ attachmentFileId: theirs }))).toEqual({
      status: 404,
      code: 'not_found',
    });
    expect([await ticketRows(), await messageRows()]).toEqual(before);
    // Nor through a reply, and a ticket never serves a file that is not attached to it.
    const ticket = await open(teacher);
    expect(
      await statusOf(teacher, 'POST', `/api/tickets/${ticket.id}/messages`, {
        message: 'See',
        attachmentFileId: theirs,
        idempotencyKey: key(),
      }),
    ).toEqual({ status: 404, code: 'not_found' });
    const mine = await uploadAs(teacher, 'mine.txt', 'mine');
    expect((await teacher.get(`/api/tickets/${ticket.id}/attachments/${mine}`)).status).toBe(404);
    expect((await support.get(`/api/support/tickets/${ticket.id}/attachments/${theirs}`)).status).toBe(404);
  });

  it("paging: the opener's list goes past 200, a page at a time, without repeats or gaps (issue 25)", async () => {
    const { user, client: teacher } = await signedIn(ctx, { role: 'teacher' });
    const many = 205;
    const made = await ctx.database.db
      .insert(schema.supportTicket)
      .values(
        Array.from({ length: many }, (_, i) => ({
          userId: user.id,
          category: 'question' as const,
          status: 'closed' as const,
          subject: `Question ${i}`,
        })),
      )
      .returning({ id: schema.supportTicket.id });
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/tickets${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await teacher.json<TicketList>('GET', url);
      expect(page.status).toBe(200);
      sizes.push(page.body.tickets.length);
      seen.push(...page.body.tickets.map((t) => t.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 50, 50, 5]);
    expect(seen.sort()).toEqual(made.map((m) => m.id).sort());
  });

  it('paging keeps microseconds: tickets active within one millisecond across a page boundary are all listed', async () => {
    const { user, client: teacher } = await signedIn(ctx, { role: 'teacher' });
    // 31 tickets (support's page is 30) in one millisecond, later than any other test's, so they lead the list.
    const made = await ctx.database.db
      .insert(schema.supportTicket)
      .values(
        Array.from({ length: 31 }, (_, i) => ({
          userId: user.id,
          category: 'other' as const,
          // Closed, so the other tests' lists of open tickets do not start with them.
          status: 'closed' as const,
          subject: `Same moment ${i}`,
          updatedAt: sql`${`2099-01-01T00:00:00.000${String(100 + i * 20).padStart(3, '0')}Z`}::timestamptz`,
        })),
      )
      .returning({ id: schema.supportTicket.id });
    const ids = made.map((m) => m.id).sort();
    const first = await support.json<SupportTicketList>('GET', '/api/support/tickets?status=all&category=other');
    const second = await support.json<SupportTicketList>(
      'GET',
      `/api/support/tickets?status=all&category=other&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`,
    );
    expect(
      [...first.body.tickets, ...second.body.tickets]
        .map((t) => t.id)
        .filter((id) => ids.includes(id))
        .sort(),
    ).toEqual(ids);
    const mine = await teacher.json<TicketList>('GET', '/api/tickets');
    expect(mine.body.tickets.map((t) => t.id).sort()).toEqual(ids);
  });

  it('paging: the support list goes on from its cursor without repeats', async () => {
    const teacher = (await signedIn(ctx, { role: 'teacher' })).client;
    const many = 33;
    for (let i = 0; i < many; i++) await open(teacher, { category: 'billing', subject: `Invoice ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/support/tickets?status=all&category=billing${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await support.json<SupportTicketList>('GET', url);
      seen.push(...page.body.tickets.map((t) => t.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(many);
  });
});

describe('Report this answer', () => {
  it("reports the reporter's own conversation up to the reply; someone else's is a 404", async () => {
    const { user, client: teacher } = await signedIn(ctx, { role: 'teacher' });
    const conv = await conversationOf(ctx, user.id, [
      'What is 1/2 + 1/4?',
      'It is 2/6.',
      'Are you sure?',
      'Yes.',
      'Thanks',
      'Anything else?',
    ]);
    const ticket = await open(teacher, {
      category: 'question',
      subject: 'Wrong sum',
      report: { conversationId: conv.id, messageId: conv.turnIds[3] },
    });
    expect(ticket.category).toBe('report');
    expect(ticket.report).toMatchObject({
      conversationId: conv.id,
      messageId: conv.turnIds[3],
      title: 'Fractions chat',
      botKind: 'chatbot',
      truncated: false,
    });
    expect(ticket.report!.turns.map((t) => [t.role, t.text, t.reported])).toEqual([
      ['user', 'What is 1/2 + 1/4?', false],
      ['assistant', 'It is 2/6.', false],
      ['user', 'Are you sure?', false],
      ['assistant', 'Yes.', true],
    ]);
    expect(ticket.messages).toHaveLength(1);
    // Support reads the same copy, and deleting the conversation does not break the ticket.
    await ctx.database.db.delete(schema.conversation).where(eq(schema.conversation.id, conv.id));
    const seen = await support.json<Result>('GET', `/api/support/tickets/${ticket.id}`);
    expect(seen.body.ticket.report!.turns).toHaveLength(4);
    expect(seen.body.ticket.messages).toHaveLength(1);

    // Someone else's conversation, a user turn, or a reply of another conversation: 404, nothing made.
    const stranger = await signedIn(ctx, { role: 'teacher' });
    const theirs = await conversationOf(ctx, stranger.user.id, ['Hi', 'Hello']);
    const mineToo = await conversationOf(ctx, user.id, ['Hi', 'Hello']);
    const before = [await ticketRows(), await messageRows()];
    for (const report of [
      { conversationId: theirs.id, messageId: theirs.turnIds[1] },
      { conversationId: mineToo.id, messageId: mineToo.turnIds[0] },
      { conversationId: mineToo.id, messageId: theirs.turnIds[1] },
      { conversationId: conv.id, messageId: conv.turnIds[1] },
    ]) {
      expect(await statusOf(teacher, 'POST', '/api/tickets', newTicket({ category: 'report', report }))).toEqual({
        status: 404,
        code: 'not_found',
      });
    }
    expect([await ticketRows(), await messageRows()]).toEqual(before);
  });
});
