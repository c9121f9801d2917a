// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { TicketDetail } from '../../../contract/tickets';
import { render } from '../../../tests/web/render';
import { TicketThread } from '../../features/support/components/TicketThread';
import { Markdown } from './Markdown';
import { MessageText } from './MessageText';

// Issue 25: replies showed raw Markdown in the reported conversation of a ticket and the flag
// dialog, and for a moment in a reloaded ChatBot; every reply now goes through one renderer.
const reply = '## Steps\n\n**Multiply** both sides: $x^2 = 4$\n\n| a | b |\n|---|---|\n| 1 | 2 |';

/** Lets the lazily loaded renderer arrive and replace the placeholder. */
async function rendered(container: HTMLElement) {
  await act(async () => {
    await import('./MarkdownRenderer');
  });
  expect(container.querySelector('[data-markdown-pending]')).toBeNull();
}

describe('one renderer for replies', () => {
  it('keeps raw Markdown out of sight until the renderer has loaded', async () => {
    const { container } = await render(<Markdown text={'**not yet**'} />);
    const pending = container.querySelector<HTMLElement>('[data-markdown-pending]');
    // The first render in this file waits for the renderer's chunk: the text holds its place unseen.
    expect(pending).not.toBeNull();
    expect(getComputedStyle(pending!).visibility).toBe('hidden');
    expect(pending!.getAttribute('aria-busy')).toBe('true');
    await rendered(container);
    expect(container.querySelector('strong')?.textContent).toBe('not yet');
  });

  it('renders the bot’s turn as Markdown and the person’s as typed', async () => {
    const { container } = await render(
      <>
        <div data-turn="assistant">
          <MessageText role="assistant" text={reply} />
        </div>
        <div data-turn="user">
          <MessageText role="user" text={'**as typed**'} />
        </div>
      </>,
    );
    await rendered(container);
    const bot = container.querySelector('[data-turn=assistant]')!;
    expect(bot.querySelector('h2')?.textContent).toBe('Steps');
    expect(bot.querySelector('strong')?.textContent).toBe('Multiply');
    expect(bot.querySelector('.katex')).not.toBeNull();
    expect(bot.querySelectorAll('td')).toHaveLength(2);
    expect(bot.textContent).not.toContain('**');
    expect(container.querySelector('[data-turn=user]')!.textContent).toBe('**as typed**');
  });

  it('renders the reported conversation of a support ticket', async () => {
    const ticket: TicketDetail = {
      id: 't1',
      category: 'report',
      subject: 'Reported answer',
      status: 'open',
      unread: false,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      closedAt: null,
      opener: null,
      messages: [{ id: 'm1', fromSupport: false, body: 'This answer is wrong.', attachment: null, createdAt: '2026-11-20T10:00:00.000Z' }],
      report: {
        conversationId: 'c1',
        messageId: 'r2',
        title: 'Equations',
        botKind: 'chatbot',
        truncated: false,
        turns: [
          { id: 'r1', role: 'user', text: 'Solve **it**', reported: false },
          { id: 'r2', role: 'assistant', text: reply, reported: true },
        ],
      },
    };
    const { container } = await render(<TicketThread ticket={ticket} reader="opener" />);
    await rendered(container);
    const reported = container.querySelector('[data-reported]')!;
    expect(reported.querySelector('strong')?.textContent).toBe('Multiply');
    expect(reported.querySelector('.katex')).not.toBeNull();
    expect(reported.textContent).not.toContain('**');
    expect(container.textContent).toContain('Solve **it**');
  });
});
