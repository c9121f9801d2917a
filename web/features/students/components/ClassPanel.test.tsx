// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ClassSummary, RosterList } from '../../../../contract/classes';
import { render } from '../../../../tests/web/render';
import en from '../../../lib/i18n/messages/en.json';
import es from '../../../lib/i18n/messages/es.json';
import { classKeys } from '../api/classes';
import { ClassPanel } from './ClassPanel';

// Issue 29 (LTI 1.3): a student a course's LMS put on the roster may have only a placeholder address
// (lti-…@lti.invalid); the roster shows "From the course" in its place, never the placeholder.
const klass: ClassSummary = {
  id: 'c1',
  name: 'Biology 7',
  section: null,
  joinCode: null,
  defaultLocale: null,
  studentCount: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const entry = (id: string, name: string, email: string, source: 'teacher' | 'code' | 'lti') => ({
  id,
  email,
  name,
  linked: true,
  source,
  addedAt: '2026-11-01T00:00:00.000Z',
});
const roster: RosterList = {
  students: [
    entry('e1', 'Ada Course', 'lti-0123456789abcdef01234567@lti.invalid', 'lti'),
    entry('e2', 'Bo Placeholder', 'LTI-89ABCDEF0123456789ABCDEF@LTI.INVALID', 'code'),
    entry('e3', 'Cy Typed', 'cy@school.test', 'teacher'),
  ],
};

describe('the roster', () => {
  it('shows "From the course" instead of a course placeholder address', async () => {
    const { container } = await render(<ClassPanel klass={klass} onDeleted={() => undefined} say={() => undefined} />, {
      data: [[classKeys.roster(klass.id), roster]],
    });
    const rows = [...container.querySelectorAll('[aria-label="Students in Biology 7"] li')].map((li) => li.textContent);
    expect(rows).toEqual([
      expect.stringContaining('From the course'),
      expect.stringContaining('From the course'),
      expect.stringContaining('cy@school.test'),
    ]);
    expect(container.textContent).not.toMatch(/lti\.invalid/i);
  });
});

describe('the class in Spanish', () => {
  it('reads its words from the Spanish catalogue', async () => {
    const { container } = await render(
      <ClassPanel klass={{ ...klass, defaultLocale: 'es' }} onDeleted={() => undefined} say={() => undefined} />,
      { data: [[classKeys.roster(klass.id), roster]], locale: 'es' },
    );
    const text = container.textContent ?? '';
    for (const word of [
      'Renombrar',
      'Eliminar clase',
      'Del curso',
      'Agregar un estudiante',
      'Pegar una lista',
      'Idioma de los estudiantes: Español',
    ])
      expect(text).toContain(word);
    expect(container.querySelector('[aria-label="Estudiantes de Biology 7"]')).not.toBeNull();
    // No English word of My Students is left (values that differ in Spanish and have no placeholder).
    const left = Object.entries(en)
      .filter(([id, value]) => id.startsWith('students.') && !value.includes('{') && value !== es[id as keyof typeof es])
      .map(([, value]) => value)
      .filter((value) => new RegExp(`(^|\\W)${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\W|$)`).test(text));
    expect(left).toEqual([]);
  });
});
