// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { MyAssignment } from '../../../../contract/assignments';
import { myAssignment } from '../../../../tests/web/my-assignment';
import { render } from '../../../../tests/web/render';
import { MyAssignmentCard } from './MyAssignmentCard';

const card = (over: Partial<MyAssignment>): MyAssignment => myAssignment(over);

const button = (container: HTMLElement) => container.querySelector<HTMLElement>('article button, article a')!;

describe("a My Assignments card's button (issue 39, item 20)", () => {
  it('names the assignment it starts, continues or opens, its visible word first', async () => {
    const start = await render(<MyAssignmentCard assignment={card({})} now={new Date()} />);
    expect(button(start.container).textContent).toBe('Start');
    expect(button(start.container).getAttribute('aria-label')).toBe('Start: Cells and membranes');
    const going = await render(
      <MyAssignmentCard assignment={card({ title: 'Volcanoes', status: 'in_progress', conversationId: 'c1' })} now={new Date()} />,
    );
    expect(button(going.container).getAttribute('aria-label')).toBe('Continue: Volcanoes');
  });

  it('speaks Spanish', async () => {
    const { container } = await render(<MyAssignmentCard assignment={card({})} now={new Date()} />, { locale: 'es' });
    expect(button(container).getAttribute('aria-label')).toBe('Empezar: Cells and membranes');
  });
});
