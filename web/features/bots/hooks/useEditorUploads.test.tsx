// @vitest-environment happy-dom
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, settle } from '../../../../tests/web/render';
import { useEditorUploads } from './useEditorUploads';

// Issue 39, item 12: a knowledge file uploaded in an editor left unsaved stayed in My Files. The
// editor now gives up its own uploads when it goes or the page unloads; the server deletes only
// those no save used (the hourly sweep takes what this misses).

const control: { track?: (id: string) => void } = {};
function Editor() {
  const track = useEditorUploads();
  useEffect(() => {
    control.track = track;
  }, [track]);
  return <p>editor</p>;
}

/** The ids each POST /api/files/discard carried, and whether it was sent to outlive the page. */
function discards(fetch: { mock: { calls: [string, RequestInit?][] } }) {
  return fetch.mock.calls
    .filter(([url]) => url === '/api/files/discard')
    .map(([, init]) => {
      const { body, keepalive, method } = init as RequestInit;
      return { ids: (JSON.parse(body as string) as { ids: string[] }).ids, keepalive, method };
    });
}

/** A pagehide as the browser sends it (happy-dom's PageTransitionEvent drops `persisted`). */
function pageHide(persisted: boolean): Event {
  const event = new Event('pagehide');
  Object.defineProperty(event, 'persisted', { value: persisted });
  return event;
}

afterEach(() => vi.unstubAllGlobals());

describe('useEditorUploads', () => {
  it('gives up the editor’s uploads when the editor goes, once', async () => {
    const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('{"discarded":[]}', { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    const { rerender } = await render(<Editor />);
    await settle(() => {
      control.track!('00000000-0000-4000-8000-000000000001');
      control.track!('00000000-0000-4000-8000-000000000002');
    });
    expect(discards(fetch)).toEqual([]);
    await rerender(<p>elsewhere</p>);
    expect(discards(fetch)).toEqual([
      { ids: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'], keepalive: true, method: 'POST' },
    ]);
  });

  it('gives them up when the page unloads, but not when it goes into the back-forward cache', async () => {
    const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('{"discarded":[]}', { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    await render(<Editor />);
    await settle(() => control.track!('00000000-0000-4000-8000-000000000003'));
    await settle(() => window.dispatchEvent(pageHide(true)));
    expect(discards(fetch)).toEqual([]);
    await settle(() => window.dispatchEvent(pageHide(false)));
    expect(discards(fetch).map((d) => d.ids)).toEqual([['00000000-0000-4000-8000-000000000003']]);
  });

  it('sends nothing when the editor uploaded nothing', async () => {
    const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    const { rerender } = await render(<Editor />);
    await rerender(<p>elsewhere</p>);
    expect(discards(fetch)).toEqual([]);
  });
});
