// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../../tests/web/render';
import { useAutosave, type AutosaveOutcome } from './useAutosave';

// Issue 25: "Leave without saving?" said "not saved yet" after the chip said Saved: a blur after the
// save (a click on a link leaves the title field first) marked the saved text as unsaved again.
interface Draft {
  text: string;
}
type Api = ReturnType<typeof useAutosave<Draft, Draft>>;

async function mountAutosave(send: (version: number, patch: Partial<Draft>) => Promise<AutosaveOutcome<Draft, Draft>>) {
  const seen: { api?: Api } = {};
  function Probe() {
    seen.api = useAutosave<Draft, Draft>({
      initial: { text: 'first' },
      version: 1,
      changes: (next, saved) => (next.text !== saved.text ? { text: next.text } : null),
      send,
    });
    return <output>{seen.api.status}</output>;
  }
  const view = await render(<Probe />);
  return { api: () => seen.api!, status: () => view.container.querySelector('output')!.textContent };
}

describe('useAutosave', () => {
  it('stays saved, never unsaved for a moment, when a change brings nothing new', async () => {
    const send = vi.fn((version: number, patch: Partial<Draft>) =>
      Promise.resolve({ status: 'saved' as const, saved: { text: patch.text ?? '' }, version: version + 1 }),
    );
    vi.useFakeTimers();
    const autosave = await mountAutosave(send);
    act(() => autosave.api().change({ text: 'second' }, true));
    expect(autosave.api().unsaved).toBe(true);
    await act(() => vi.runAllTimersAsync());
    expect(autosave.status()).toBe('saved');
    expect(send).toHaveBeenCalledTimes(1);

    // The blur that comes before a click on a link: nothing to store, so still saved at once.
    act(() => autosave.api().change({}, true));
    expect(autosave.api().status).toBe('saved');
    expect(autosave.api().unsaved).toBe(false);
    // Typing the stored text back is saved too; typing something new is not, until it is stored.
    act(() => autosave.api().change({ text: 'second' }));
    expect(autosave.api().unsaved).toBe(false);
    act(() => autosave.api().change({ text: 'third' }, true));
    expect(autosave.api().unsaved).toBe(true);
    await act(() => vi.runAllTimersAsync());
    expect(autosave.status()).toBe('saved');
    expect(send).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
