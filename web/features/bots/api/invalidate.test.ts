import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BotDetail } from '../../../../contract/bots';
import { botQuery, type BotAddress } from './getBot';
import { refreshBots } from './invalidate';

const id = '0b6c8a4e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
// A teacher's own bot: its editor's and its runner's addresses (runPathOf) carry the same parameters.
const ownBot: BotAddress = { id, uid: 'u1', sid: 'none', shared: false };

const botNamed = (name: string, version: number) => ({ id, kind: 'DocBot', name, version }) as unknown as BotDetail;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the editor and the runner share one cached bot', () => {
  it('opens the runner with the bot as just saved in the editor, before the server is asked again', async () => {
    const client = new QueryClient();
    // The runner was opened before the edit: its copy is in the cache.
    const runner = botQuery(ownBot);
    client.setQueryData(runner.queryKey, botNamed('Fractions', 1));

    // What useUpdateBot does with the server's answer to the editor's save.
    await refreshBots(client, 'DocBot', botNamed('Fractions, edited', 2));

    expect(client.getQueryData(runner.queryKey)).toMatchObject({ name: 'Fractions, edited', version: 2 });
    // Still marked for a fresh read when the runner mounts (another tab may have saved since).
    expect(client.getQueryState(runner.queryKey)?.isInvalidated).toBe(true);
  });

  it('leaves an address the server refused as refused', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrong = botQuery({ ...ownBot, uid: 'someone-else' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: { code: 'not_found', message: 'That was not found.', requestId: 'r' } }), { status: 404 }),
        ),
      ),
    );
    await expect(client.fetchQuery(wrong)).rejects.toMatchObject({ status: 404 });

    await refreshBots(client, 'DocBot', botNamed('Fractions, edited', 2));

    expect(client.getQueryData(wrong.queryKey)).toBeUndefined();
  });
});
