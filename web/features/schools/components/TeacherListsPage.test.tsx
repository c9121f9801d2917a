// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { TeacherList } from '../../../../contract/teacher-lists';
import { render, settle } from '../../../../tests/web/render';
import { defaultCrisisLines, type SchoolSafetyView } from '../../../../contract/crisis-lines';
import { teacherListKey } from '../api/getTeacherList';
import { schoolSafetyKey } from '../api/schoolSafety';
import TeacherListsPage from './TeacherListsPage';
import en from '../../../lib/i18n/messages/en.json';
import es from '../../../lib/i18n/messages/es.json';

// Issue 25: at phone width the admin's chip put a <div> inside a <p> (React's nesting warning in
// development). A console.error fails the test (tests/setup.ts).
const list: TeacherList = {
  licence: {
    id: 'l1',
    name: 'Hillview Academy',
    domains: ['hillview.test'],
    expiration: null,
    daysLeft: null,
    expired: false,
    expiresSoon: false,
    logoUrl: null,
    admins: ['head@hillview.test'],
    supportEmail: null,
  },
  teachers: [
    {
      id: 't1',
      email: 'head@hillview.test',
      building: 'East Wing',
      signedUp: true,
      lastSignInAt: null,
      isAdmin: true,
      addedAt: '2026-11-01T00:00:00.000Z',
    },
  ],
};

// The page's safety card reads the school's crisis lines: given here, so no request leaves the test.
const safety: SchoolSafetyView = { crisisLines: null, reportingGuidance: null, inEffect: defaultCrisisLines };
const data: [readonly unknown[], unknown][] = [
  [teacherListKey, list],
  [schoolSafetyKey, safety],
];

describe('TeacherListsPage', () => {
  for (const width of [360, 1280]) {
    it(`renders the list at ${width} px without a nesting warning`, async () => {
      await settle(() => {
        (window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }).happyDOM.setViewport({
          width,
          height: 800,
        });
      });
      const { container } = await render(<TeacherListsPage />, { data });
      expect(container.textContent).toContain('head@hillview.test');
      expect(container.querySelector(width === 360 ? 'li' : 'table')).not.toBeNull();
    });
  }
});

describe('TeacherListsPage in Spanish', () => {
  it('says the page, the licence and the row in Spanish, with no English words of the schools catalogue', async () => {
    const { container } = await render(<TeacherListsPage />, { data, locale: 'es' });
    const text = container.textContent ?? '';
    for (const words of ['Lista de docentes', 'Agregar docente', 'Importar CSV', '1 docente', 'Dominios: @hillview.test'])
      expect(text).toContain(words);
    const english = Object.entries(en).filter(
      ([key, value]) => key.startsWith('schools.') && !value.includes('{') && value !== es[key as keyof typeof es] && value.length > 3,
    );
    // Whole words only: “Class” is part of “ClassBots”.
    const word = (value: string) => new RegExp(`(^|\\W)${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\W|$)`);
    for (const [, value] of english) expect(text).not.toMatch(word(value));
  });
});
