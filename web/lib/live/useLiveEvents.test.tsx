// @vitest-environment happy-dom
import { act, useLayoutEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveEvents, type LiveStatus } from './useLiveEvents';

/** Stands in for the browser's EventSource: the test decides when the stream opens. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const handlers = { onSync: () => {}, onEvent: () => {} };

function Listener({ seen }: { seen: LiveStatus[] }) {
  seen.push(useLiveEvents(handlers));
  return null;
}

/** Opens the shared stream after the components before it rendered and before their effects subscribe. */
function OpensTheStream() {
  useLayoutEffect(() => {
    FakeEventSource.opened.at(-1)?.open();
  }, []);
  return null;
}

function Page({ first, joiner }: { first: LiveStatus[]; joiner?: LiveStatus[] }) {
  return (
    <>
      <Listener seen={first} />
      {joiner && <Listener seen={joiner} />}
      {joiner && <OpensTheStream />}
    </>
  );
}

describe('useLiveEvents status', () => {
  let root: Root;
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.opened = [];
    root = createRoot(document.createElement('div'));
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.unstubAllGlobals();
  });

  it('a hook that subscribes after the shared stream opened reads Live', () => {
    const first: LiveStatus[] = [];
    const joiner: LiveStatus[] = [];
    // The first hook opens the shared stream; it is still connecting.
    act(() => root.render(<Page first={first} />));
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(first.at(-1)).toBe('connecting');
    // A second hook renders while connecting; the stream opens before its effect subscribes.
    act(() => root.render(<Page first={first} joiner={joiner} />));
    expect(joiner[0]).toBe('connecting');
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(first.at(-1)).toBe('live');
    expect(joiner.at(-1)).toBe('live');
  });

  it('follows the stream when it drops and opens again', () => {
    const seen: LiveStatus[] = [];
    act(() => root.render(<Listener seen={seen} />));
    const source = FakeEventSource.opened[0]!;
    act(() => source.open());
    expect(seen.at(-1)).toBe('live');
    act(() => source.onerror?.());
    expect(seen.at(-1)).toBe('reconnecting');
    act(() => source.open());
    expect(seen.at(-1)).toBe('live');
  });
});
