// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, settle } from '../../../../tests/web/render';
import { Composer } from './Composer';

// Issue 39, item 12: a ChatBot's (or a tutor's) message typed and not sent was lost on a reload with
// no warning. The box asks before the page goes while it holds words, and not once they are sent.
function type(box: HTMLTextAreaElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box, value);
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Whether leaving the page now would be questioned (the beforeunload event is cancelled). */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('the message box', () => {
  it('asks before the page goes while a message is typed and not sent', async () => {
    const sent: string[] = [];
    await render(
      <Composer busy={false} canStop={false} onSend={(t) => sent.push(t)} onStop={() => undefined} returned={null} warnOnLeave />,
    );
    const box = document.querySelector<HTMLTextAreaElement>('textarea:not([aria-hidden])')!;
    expect(leavingAsks()).toBe(false);
    await settle(() => type(box, 'What is a fraction?'));
    expect(leavingAsks()).toBe(true);
    await settle(() => document.querySelector<HTMLButtonElement>('button[type=submit]')!.click());
    expect(sent).toEqual(['What is a fraction?']);
    expect(leavingAsks()).toBe(false);
  });
});
