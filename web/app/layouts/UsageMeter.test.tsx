// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { AiStatus } from '../../../contract/ai';
import { render } from '../../../tests/web/render';
import { UsageMeter } from './UsageMeter';

// Issue 25: in the dark theme the meter's empty track was the bar's colour darkened, so 0 of 40
// looked like a full bar. The track is neutral there; the bar alone carries the colour.
const status = (used: number): AiStatus => ({
  provider: 'gemini',
  images: true,
  testProvider: false,
  notice: null,
  usage: { text: { used, limit: 40 }, images: { used: 0, limit: 5 }, resetsAt: '2026-12-01T00:00:00.000Z' },
});

/** The channels of an rgb()/rgba() colour. */
const channels = (css: string) => (/rgba?\(([^)]+)\)/.exec(css)?.[1] ?? '').split(',').map((n) => Number(n.trim()));

describe('UsageMeter', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`shows an empty month as an empty track (${mode})`, async () => {
      const { container } = await render(<UsageMeter />, { mode, data: [[['ai-status'], status(0)]] });
      const meter = container.querySelector('[role=progressbar]')!;
      expect(meter.getAttribute('aria-valuenow')).toBe('0');
      expect(container.textContent).toContain('0 of 40');
      const track = channels(getComputedStyle(meter).backgroundColor);
      const [r, g, b] = track;
      if (mode === 'dark') {
        // A grey (no hue), not a shade of the cyan bar.
        expect(r).toBe(g);
        expect(g).toBe(b);
      } else {
        expect(track.length).toBeGreaterThanOrEqual(3);
      }
    });
  }
});
