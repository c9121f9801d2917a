// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../../contract/ai';
import { render } from '../../../../tests/web/render';
import { TranscriptMessages } from './TranscriptMessages';

const turn = (id: string, role: 'user' | 'assistant', text: string): ConversationMessage => ({
  id,
  role,
  text,
  status: 'complete',
  errorCode: null,
  version: 1,
  edited: false,
  createdAt: '2026-11-01T10:00:00.000Z',
});

const messages = [turn('m1', 'user', 'Hello'), turn('m2', 'assistant', 'Hi there'), turn('m3', 'user', 'You are stupid')];

describe("the transcript's turns", () => {
  it('mark the turn a safety flag points at, and only that one (issue 39, item 17)', async () => {
    const { container } = await render(<TranscriptMessages messages={messages} studentName="Zoë" tutorName="Tutor" flaggedIds={['m3']} />);
    const items = [...container.querySelectorAll('li')];
    expect(items.map((li) => li.hasAttribute('data-flagged'))).toEqual([false, false, true]);
    expect(items[2]!.textContent).toContain('Flagged');
    expect(items.slice(0, 2).some((li) => li.textContent?.includes('Flagged'))).toBe(false);
  });

  it('says so in Spanish', async () => {
    const { container } = await render(<TranscriptMessages messages={messages} studentName="Zoë" tutorName="Tutor" flaggedIds={['m1']} />, {
      locale: 'es',
    });
    expect(container.querySelector('li[data-flagged]')!.textContent).toContain('Marcado');
  });
});
