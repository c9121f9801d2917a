// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, settle } from '../../../../tests/web/render';
import { Instructions } from './StudentAssignmentRun';

// Issue 25: the instructions' Accordion took its default from the width, so turning a phone or
// resizing the window changed an uncontrolled Accordion's default (MUI's warning in development).
const setWidth = (width: number) =>
  settle(() => {
    (window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }).happyDOM.setViewport({
      width,
      height: 800,
    });
    window.dispatchEvent(new Event('resize'));
  });

describe('the assignment instructions', () => {
  it('open on a wide screen and stay as the student left them when the width changes', async () => {
    await setWidth(1280);
    const { container } = await render(<Instructions text="Read chapter 3 first." />);
    const button = () => container.querySelector('[aria-controls=assignment-instructions]')!;
    expect(button().getAttribute('aria-expanded')).toBe('true');
    await setWidth(360);
    expect(button().getAttribute('aria-expanded')).toBe('true');
    await settle(() => (button() as HTMLElement).click());
    expect(button().getAttribute('aria-expanded')).toBe('false');
  });

  it('start folded on a phone', async () => {
    await setWidth(360);
    const { container } = await render(<Instructions text="Read chapter 3 first." />);
    expect(container.querySelector('[aria-controls=assignment-instructions]')!.getAttribute('aria-expanded')).toBe('false');
  });
});
