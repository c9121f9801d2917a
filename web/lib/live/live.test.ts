import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchedIds } from './batchedIds';
import { parseLiveMessage } from './useLiveEvents';

describe('parseLiveMessage', () => {
  it('reads the known messages of the stream', () => {
    expect(parseLiveMessage('{"type":"sync"}')).toEqual({ type: 'sync' });
    expect(parseLiveMessage('{"type":"assignment.updated","assignmentId":"a","studentAssignmentId":"r"}')).toEqual({
      type: 'assignment.updated',
      assignmentId: 'a',
      studentAssignmentId: 'r',
    });
  });

  it('ignores what it does not know rather than failing', () => {
    expect(parseLiveMessage('not json')).toBeNull();
    expect(parseLiveMessage('{"type":"other"}')).toBeNull();
    expect(parseLiveMessage('{"type":"assignment.updated"}')).toBeNull();
  });
});

describe('batchedIds', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands over a burst of ids once, each id once, after the burst is quiet', () => {
    const runs: string[][] = [];
    const batch = batchedIds((ids) => runs.push([...ids].sort()), 300);
    batch.add('a');
    vi.advanceTimersByTime(200);
    batch.add('b');
    batch.add('a');
    vi.advanceTimersByTime(299);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([['a', 'b']]);
    batch.add('c');
    vi.advanceTimersByTime(300);
    expect(runs).toEqual([['a', 'b'], ['c']]);
  });

  it('drops what is pending on cancel', () => {
    const run = vi.fn();
    const batch = batchedIds(run, 300);
    batch.add('a');
    batch.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
  });
});
