// @vitest-environment happy-dom
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MyAssignment } from '../../../../contract/assignments';
import { AppStateProvider } from '../../../lib/app-state/AppState';
import { meQueryKey } from '../../../lib/session/getMe';
import { render, settle } from '../../../../tests/web/render';
import { myAssignmentKeys } from '../api/myAssignmentKeys';
import en from '../../../lib/i18n/messages/en.json';
import es from '../../../lib/i18n/messages/es.json';
import StudentAssignmentsPage from './StudentAssignmentsPage';
import { myAssignment } from '../../../../tests/web/my-assignment';

// Issue 29: a student's launch of a course link (LTI 1.3) lands on /studentAssignments?open=<record>,
// a Google Classroom post's link on ?assignment=<assignment>; each goes on to the record's tutor page
// when the record is the student's, and shows the list otherwise.
const record: MyAssignment = myAssignment({ teacherName: 'Lena Lms' });

function Runner() {
  return <h1>{useLocation().pathname}</h1>;
}

async function open(address: string, locale: 'en' | 'es' = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/studentAssignments', element: <StudentAssignmentsPage /> },
      { path: '*', element: <Runner /> },
    ],
    { initialEntries: [address] },
  );
  const { container } = await render(
    <AppStateProvider>
      <RouterProvider router={router} />
    </AppStateProvider>,
    {
      router: false,
      locale,
      data: [
        [meQueryKey, null],
        [myAssignmentKeys.list(), { assignments: [record] }],
      ],
    },
  );
  await settle(() => undefined);
  return { container, router };
}

describe('/studentAssignments?open=', () => {
  it("goes on to the record's tutor page, in place of the address", async () => {
    const { container, router } = await open('/studentAssignments?open=rec-1');
    expect(router.state.location.pathname).toBe('/run-student-tutor-bot/bot-1/false/new/u1/none/rec-1');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(container.querySelector('h1')!.textContent).toBe('/run-student-tutor-bot/bot-1/false/new/u1/none/rec-1');
  });

  it("goes on from a Google Classroom link (?assignment=) to the student's record of that assignment", async () => {
    const { router } = await open('/studentAssignments?assignment=asg-1');
    expect(router.state.location.pathname).toBe('/run-student-tutor-bot/bot-1/false/new/u1/none/rec-1');
  });

  it('shows the list when the assignment is not given to the student', async () => {
    const { container, router } = await open('/studentAssignments?assignment=asg-other');
    expect(router.state.location.pathname).toBe('/studentAssignments');
    expect(container.textContent).toContain('Cells and membranes');
  });

  it('shows the list when the record is not the student’s', async () => {
    const { container, router } = await open('/studentAssignments?open=rec-other');
    expect(router.state.location.pathname).toBe('/studentAssignments');
    expect(container.querySelector('h1')!.textContent).toBe('My Assignments');
    expect(container.textContent).toContain('Cells and membranes');
  });
});

describe('/studentAssignments in Spanish', () => {
  it('speaks Spanish: the heading, the group, the card and joining a class', async () => {
    const { container } = await open('/studentAssignments', 'es');
    const text = container.textContent ?? '';
    expect(container.querySelector('h1')!.textContent).toBe('Mis tareas');
    for (const words of [
      'Por hacer',
      'Tutor: Cell Tutor',
      'De Lena Lms',
      'Sin fecha de entrega',
      'Sin empezar',
      'Empezar',
      'Unirse a una clase',
    ]) {
      expect(text).toContain(words);
    }
    // No English words of this page's catalogue are left (those written the same in both are not telling).
    const english = Object.entries(en).filter(
      ([id, value]) => id.startsWith('myAssignments.') && !value.includes('{') && value !== es[id as keyof typeof es],
    );
    for (const [, value] of english) expect(text).not.toContain(value);
  });
});
