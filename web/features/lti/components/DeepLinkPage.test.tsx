// @vitest-environment happy-dom
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AssignmentList, AssignmentSummary } from '../../../../contract/assignments';
import { defaultTrophyRules } from '../../../../contract/trophies';
import { render } from '../../../../tests/web/render';
import { assignmentKeys } from '../../../lib/assignments/keys';
import en from '../../../lib/i18n/messages/en.json';
import es from '../../../lib/i18n/messages/es.json';
import DeepLinkPage from './DeepLinkPage';

// Issue 29 (LTI 1.3): the deep-link picker lists the teacher's assignments, each "Add to course" a
// native form post to /api/lti/deep-link carrying the signed request and the assignment's id.
const assignment = (id: string, title: string, extra: Partial<AssignmentSummary> = {}): AssignmentSummary => ({
  id,
  title,
  instructions: '',
  dueAt: null,
  messageBudget: null,
  responseLanguage: null,
  status: 'open',
  closedAt: null,
  bot: { id: `bot-${id}`, name: 'Cell Tutor', icon: { type: 'emoji', emoji: '🧪' }, deleted: false },
  classes: [],
  counts: { assigned: 0, in_progress: 0, submitted: 0, completed: 0, total: 0 },
  flags: 0,
  trophyRules: defaultTrophyRules,
  version: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

const request = 'eyJhbGciOiJIUzI1NiJ9.eyJyZXR1cm4iOiJodHRwczovL2xtcyJ9.c2ln+/=';

async function open(address: string, list: AssignmentList, mode: 'light' | 'dark' = 'light', locale: 'en' | 'es' = 'en') {
  const router = createMemoryRouter([{ path: '/lti/deep-link', element: <DeepLinkPage /> }], { initialEntries: [address] });
  const { container } = await render(<RouterProvider router={router} />, {
    router: false,
    mode,
    locale,
    data: [[assignmentKeys.list(), list]],
  });
  return container;
}

describe('the deep-link picker', () => {
  for (const mode of ['light', 'dark'] as const)
    it(`lists the assignments, each button inside a form posting the request and its id to /api/lti/deep-link (${mode})`, async () => {
      const list = {
        assignments: [
          assignment('a1', 'Cells and membranes', { dueAt: '2026-12-01T12:00:00.000Z' }),
          assignment('a2', 'Photosynthesis', { status: 'closed', closedAt: '2026-11-05T00:00:00.000Z' }),
        ],
      };
      const container = await open(`/lti/deep-link?request=${encodeURIComponent(request)}`, list, mode);
      expect(container.querySelector('h1')!.textContent).toBe('Add an assignment to your course');
      const items = [...container.querySelectorAll('[aria-label="Your assignments"] > li')];
      expect(items.map((li) => li.querySelector('h2')!.textContent)).toEqual(['Cells and membranes', 'Photosynthesis']);
      expect(items[1]!.textContent).toContain('Closed');
      expect(items[0]!.textContent).toContain('Tutor: Cell Tutor');

      for (const [i, li] of items.entries()) {
        const button = li.querySelector('button')!;
        expect(button.textContent).toBe('Add to course');
        expect(button.getAttribute('type')).toBe('submit');
        const form = button.closest('form')!;
        expect(form).not.toBeNull();
        expect(form.getAttribute('method')).toBe('post');
        expect(form.getAttribute('action')).toBe('/api/lti/deep-link');
        const hidden = [...form.querySelectorAll<HTMLInputElement>('input')].map((input) => [input.type, input.name, input.value]);
        expect(hidden).toEqual([
          ['hidden', 'request', request],
          ['hidden', 'assignmentId', list.assignments[i]!.id],
        ]);
      }
    });

  it('without assignments, says so and links to creating one', async () => {
    const container = await open(`/lti/deep-link?request=${encodeURIComponent(request)}`, { assignments: [] });
    expect(container.textContent).toContain('You have no assignments yet');
    expect(container.textContent).toContain('Create an assignment, then come back here from your course.');
    const link = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Create an assignment');
    expect(link?.getAttribute('href')).toBe('/teachAssignments');
    expect(container.querySelector('form')).toBeNull();
  });

  it('without a request, says the page opens from a course and offers no form', async () => {
    const container = await open('/lti/deep-link', { assignments: [assignment('a1', 'Cells and membranes')] });
    expect(container.querySelector('h1')!.textContent).toBe('Add an assignment to your course');
    expect(container.textContent).toContain('This page opens from a course.');
    expect(container.querySelector('form')).toBeNull();
  });

  it('speaks Spanish', async () => {
    const list = { assignments: [assignment('a1', 'Cells and membranes', { status: 'closed', closedAt: '2026-11-05T00:00:00.000Z' })] };
    const container = await open(`/lti/deep-link?request=${encodeURIComponent(request)}`, list, 'light', 'es');
    expect(container.querySelector('h1')!.textContent).toBe('Agrega una tarea a tu curso');
    const text = container.textContent ?? '';
    for (const words of ['Cerrada', 'Sin fecha de entrega', 'Agregar al curso']) expect(text).toContain(words);
    for (const [id, value] of Object.entries(en)) {
      if (id.startsWith('lti.') && !value.includes('{') && value !== es[id as keyof typeof es]) expect(text).not.toContain(value);
    }
  });
});
