import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { chatBot, createVia, docBot, type BotJson, type ErrorJson } from './bots.test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Col = { id: string; name: string; position: number; botCount: number; kind: string };

describe('collections', () => {
  it("creates, renames, reorders and deletes a teacher's collections per kind", async () => {
    const { client } = await signedIn(ctx);
    const make = async (name: string, kind = 'DocBot') => (await client.json<Col>('POST', '/api/collections', { kind, name })).body;
    const a = await make('Maths');
    const b = await make('Reading');
    const c = await make('Science');
    await make('Chats', 'ChatBot');
    expect([a.position, b.position, c.position]).toEqual([0, 1, 2]);

    const renamed = await client.json<Col>('PATCH', `/api/collections/${b.id}`, { name: '  Literacy ' });
    expect(renamed.body).toMatchObject({ id: b.id, name: 'Literacy', botCount: 0 });

    const order = await client.json<{ collections: Col[] }>('PUT', '/api/collections/order', { kind: 'DocBot', ids: [c.id, a.id, b.id] });
    expect(order.body.collections.map((x) => x.name)).toEqual(['Science', 'Maths', 'Literacy']);
    const partial = await client.json<ErrorJson>('PUT', '/api/collections/order', { kind: 'DocBot', ids: [c.id, a.id] });
    expect(partial.status).toBe(409);

    const bot = await createVia(client, { ...docBot(), collectionId: a.id });
    expect(bot.collectionId).toBe(a.id);
    const wrongKind = await client.json<ErrorJson>('POST', '/api/bots', { ...chatBot(), collectionId: a.id });
    expect(wrongKind.body.error.fields).toEqual({ collectionId: 'Choose one of your own collections for this kind of bot.' });
    const moved = await client.json<BotJson>('PUT', `/api/bots/${bot.id}/collection`, { collectionId: c.id });
    expect(moved.body).toMatchObject({ collectionId: c.id, version: 1 });

    expect((await client.request('DELETE', `/api/collections/${c.id}`)).status).toBe(204);
    const after = await client.json<BotJson>('GET', `/api/bots/${bot.id}`);
    expect(after.body.collectionId).toBeNull();
    const list = await client.json<{ collections: Col[] }>('GET', '/api/collections?kind=DocBot');
    expect(list.body.collections.map((x) => x.name)).toEqual(['Maths', 'Literacy']);
  });

  it('explains what is wrong with a collection name', async () => {
    const { client } = await signedIn(ctx);
    const empty = await client.json<ErrorJson>('POST', '/api/collections', { kind: 'DocBot', name: ' ' });
    expect(empty.body.error.fields).toEqual({ name: 'Give the collection a name.' });
    const long = await client.json<ErrorJson>('POST', '/api/collections', { kind: 'DocBot', name: 'x'.repeat(61) });
    expect(long.body.error.fields).toEqual({ name: 'Keep the collection name to 60 characters or fewer.' });
    const kind = await client.json<ErrorJson>('GET', '/api/collections?kind=');
    expect(kind.body.error.fields).toEqual({ kind: 'Choose DocBot, ChatBot or TutorBot.' });
  });
});
