// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { ClassroomCourseList } from '../../../../contract/classroom';
import { act } from 'react';
import { render } from '../../../../tests/web/render';
import { ClassroomDialog } from './ClassroomDialog';

// Issue 29 item 2: My Students' Google Classroom dialog lists the teacher's courses with Import (or
// Import again for one imported before), and offers to connect again when Google dropped the connection.
const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))),
  );

const noop = () => undefined;

/** Renders the dialog and lets it work (inside act, a few milliseconds at a time) until `shown` holds, for at most 2 s. */
async function open(shown: (body: HTMLElement) => boolean) {
  await render(<ClassroomDialog onClose={noop} onImported={noop} onDisconnected={noop} />);
  for (let i = 0; i < 200 && !shown(document.body); i++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  return document.body;
}

const connectAgain = (body: HTMLElement) => [...body.querySelectorAll('a')].find((a) => a.textContent === 'Connect Google Classroom again');

describe('the Google Classroom dialog', () => {
  it('lists the courses, each with Import or Import again', async () => {
    const list: ClassroomCourseList = {
      courses: [
        { id: '101', name: 'Biology', section: 'P3', classId: null },
        { id: '102', name: 'Chemistry', section: null, classId: '00000000-0000-4000-8000-000000000001' },
      ],
    };
    answer(200, list);
    const body = await open((b) => b.querySelectorAll('li').length === 2);
    const items = [...body.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([expect.stringContaining('Biology · P3'), expect.stringContaining('Chemistry')]);
    const buttons = [...body.querySelectorAll('li button')].map((b) => [b.textContent, b.getAttribute('aria-label')]);
    expect(buttons).toEqual([
      ['Import', 'Import Biology · P3'],
      ['Import again', 'Import Chemistry again'],
    ]);
  });

  it('offers to connect again when Google no longer takes the connection', async () => {
    answer(409, {
      error: { code: 'classroom_connection_lost', message: 'Connect Google Classroom again on My Students.', requestId: 'r1' },
    });
    const body = await open((b) => connectAgain(b) !== undefined);
    expect(connectAgain(body)?.getAttribute('href')).toBe('/api/classroom/connect');
  });
});
