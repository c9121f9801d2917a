// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClassSummary, PasteStudentsResult, RosterList } from '../../../../contract/classes';
import { render, settle } from '../../../../tests/web/render';
import { catalogueLoaders } from '../../../lib/i18n/catalogues';
import { classKeys } from '../api/classes';
import { ClassPanel } from './ClassPanel';
import { JoinSheetDialog } from './JoinSheetDialog';

// Decision 282: the join sheet shows the class, its code large, this installation's address and
// numbered steps in the class's language, whatever the page's; the roster's add and paste send
// invitations unless the teacher unticks the box, and each student can be sent theirs again.
const klass: ClassSummary = {
  id: 'c1',
  name: 'Biology 7',
  section: 'P3',
  joinCode: 'K7MP4QRT',
  defaultLocale: null,
  studentCount: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const roster: RosterList = {
  students: [
    { id: 'e1', email: 'ana@school.test', name: 'Ana', linked: false, source: 'teacher', addedAt: '2026-11-01T00:00:00.000Z' },
    {
      id: 'e2',
      email: 'lti-0123456789abcdef01234567@lti.invalid',
      name: 'Bo',
      linked: true,
      source: 'lti',
      addedAt: '2026-11-01T00:00:00.000Z',
    },
  ],
};

afterEach(() => vi.restoreAllMocks());

const sheetText = () => document.querySelector('[data-sheet]')?.textContent ?? '';
const steps = () => [...document.querySelectorAll('[data-sheet] ol > li')].map((li) => li.textContent);

describe('the join sheet', () => {
  it('shows the class, the code and the numbered steps with this address, in the page’s language when the class has none', async () => {
    await render(<JoinSheetDialog klass={klass} onClose={() => undefined} />);
    expect(sheetText()).toContain('Join Biology 7 · P3 on ClassBots');
    expect(document.querySelector('[data-testid="sheet-code"]')?.textContent).toBe('K7MP4QRT');
    expect(steps()).toEqual([
      `Open ${window.location.origin}/`,
      expect.stringContaining("“Create account”, then “I'm a student”"),
      'Open My Assignments and choose “Join a class”.',
      'Type the class code above and choose “Join”.',
    ]);
    // The page's own buttons, and the print rules that leave everything else off the paper.
    expect(document.body.textContent).toContain('Print');
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toMatch(/@media print/);
    expect(css).toMatch(/body ?> ?\*:not\(\.join-sheet-root\)\{display:none ?!important/);
  });

  it('is in the class’s language on an English page, its frame in English', async () => {
    // The Spanish catalogue comes through a dynamic import, which in vitest is a round trip to the
    // main process (even for a module already loaded): it can answer after render's act is over,
    // and InLanguage's state update would then land outside act. So the test waits for the
    // loader's own promise inside act, which then renders the update before it returns.
    const spanish = vi.spyOn(catalogueLoaders, 'es');
    await render(<JoinSheetDialog klass={{ ...klass, defaultLocale: 'es' }} onClose={() => undefined} />);
    expect(spanish).toHaveBeenCalledTimes(1);
    await act(() => spanish.mock.results[0]!.value as Promise<unknown>);
    expect(sheetText()).toContain('Únete a Biology 7 · P3 en ClassBots');
    expect(document.querySelector('[data-sheet]')?.getAttribute('lang')).toBe('es');
    expect(steps()).toEqual([
      `Abre ${window.location.origin}/`,
      expect.stringContaining('“Crear cuenta”, luego “Soy estudiante”'),
      'Abre Mis tareas y elige “Unirse a una clase”.',
      'Escribe el código de la clase de arriba y elige “Unirme”.',
    ]);
    expect(document.querySelector('#join-sheet-title')?.textContent).toBe('Join sheet');
  });

  it('is opened from the class’s join code', async () => {
    await render(<ClassPanel klass={klass} onDeleted={() => undefined} say={() => undefined} />, {
      data: [[classKeys.roster(klass.id), roster]],
    });
    const open = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Print a join sheet')!;
    await settle(() => open.click());
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('K7MP4QRT');
  });
});

function type(input: HTMLTextAreaElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const pasted: PasteStudentsResult = { added: [], alreadyOnRoster: [], bad: [], badCount: 0, invited: 1 };

/** Answers the roster, a paste and a Send again; returns the bodies each POST sent, by path. */
function fakeServer() {
  const posts: [string, unknown][] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    if (init?.method === 'POST') posts.push([url.pathname, JSON.parse(typeof init.body === 'string' ? init.body : '{}')]);
    if (url.pathname.endsWith('/paste')) return Promise.resolve(json({ ...pasted, added: [roster.students[0]] }, 201));
    if (url.pathname.endsWith('/invite')) return Promise.resolve(json({ sent: true }));
    return Promise.resolve(json(roster));
  });
  return posts;
}

describe('invitations from the roster', () => {
  it('pastes with invitations while the box is ticked (its default) and without once unticked', async () => {
    const posts = fakeServer();
    const said: string[] = [];
    await render(<ClassPanel klass={klass} onDeleted={() => undefined} say={(m) => said.push(m)} />, {
      data: [[classKeys.roster(klass.id), roster]],
    });
    const box = () =>
      [...document.querySelectorAll('label')]
        .find((l) => l.textContent === 'E-mail each new student how to sign in')!
        .querySelector('input')!;
    expect(box().checked).toBe(true);
    const paste = async (text: string) => {
      await settle(() => type(document.querySelector('textarea')!, text));
      await settle(() => [...document.querySelectorAll('button')].find((b) => /^Add 1 student$/.test(b.textContent ?? ''))!.click());
      await vi.waitFor(() => expect(document.querySelector('textarea')!.value).toBe(''));
    };
    await paste('cy@school.test');
    expect(said.at(-1)).toBe('1 student added. 1 invitation is on its way.');
    await settle(() => box().click());
    expect(box().checked).toBe(false);
    await paste('dee@school.test');
    expect(posts.filter(([path]) => path.endsWith('/paste')).map(([, body]) => body)).toEqual([
      { text: 'cy@school.test', invite: true },
      { text: 'dee@school.test', invite: false },
    ]);
  });

  it('sends one student’s invitation again, and offers none to a student from a course', async () => {
    const posts = fakeServer();
    const said: string[] = [];
    await render(<ClassPanel klass={klass} onDeleted={() => undefined} say={(m) => said.push(m)} />, {
      data: [[classKeys.roster(klass.id), roster]],
    });
    expect(document.querySelector('button[aria-label="Send invitation to Bo"]')).toBeNull();
    await settle(() => document.querySelector<HTMLButtonElement>('button[aria-label="Send invitation to Ana"]')!.click());
    await vi.waitFor(() => expect(said).toEqual(['Invitation sent to Ana.']));
    expect(posts).toEqual([['/api/classes/c1/students/e1/invite', {}]]);
  });

  it('reads its new words in Spanish', async () => {
    await render(<ClassPanel klass={klass} onDeleted={() => undefined} say={() => undefined} />, {
      data: [[classKeys.roster(klass.id), roster]],
      locale: 'es',
    });
    const text = document.body.textContent ?? '';
    for (const words of [
      'Enviar a cada estudiante nuevo un correo con cómo iniciar sesión',
      'Enviar al estudiante un correo',
      'Enviar invitación',
      'Imprimir una hoja para unirse',
    ])
      expect(text).toContain(words);
  });
});
