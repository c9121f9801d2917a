// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { AssignmentSummary } from '../../../../contract/assignments';
import { defaultTrophyRules } from '../../../../contract/trophies';
import { render } from '../../../../tests/web/render';
import en from '../../../lib/i18n/messages/en.json';
import es from '../../../lib/i18n/messages/es.json';
import { AssignmentList } from './AssignmentList';

const summary: AssignmentSummary = {
  id: 'a1',
  title: 'Cells and membranes',
  instructions: '',
  dueAt: null,
  responseLanguage: null,
  messageBudget: null,
  status: 'closed',
  closedAt: '2026-11-05T00:00:00.000Z',
  bot: { id: 'bot-1', name: 'Cell Tutor', icon: { type: 'emoji', emoji: '🧪' }, deleted: false },
  classes: [{ id: 'c1', name: 'Biology', section: 'P3' }],
  counts: { assigned: 2, in_progress: 1, submitted: 0, completed: 0, total: 3 },
  flags: 1,
  trophyRules: defaultTrophyRules,
  version: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe("the teacher's assignment list", () => {
  it('reads in English as before', async () => {
    const { container } = await render(<AssignmentList assignments={[summary]} />);
    const text = container.textContent ?? '';
    for (const words of ['Closed', 'Tutor: Cell Tutor · No due date · Classes: Biology · P3', '3 students', 'Assigned: 2', '1 flag']) {
      expect(text).toContain(words);
    }
  });

  it('speaks Spanish', async () => {
    const { container } = await render(<AssignmentList assignments={[summary]} />, { locale: 'es' });
    const text = container.textContent ?? '';
    for (const words of [
      'Cerrada',
      'Tutor: Cell Tutor · Sin fecha de entrega · Clases: Biology · P3',
      '3 estudiantes',
      'Asignada: 2',
      '1 alerta',
    ]) {
      expect(text).toContain(words);
    }
    for (const [id, value] of Object.entries(en)) {
      if (id.startsWith('assignments.') && !value.includes('{') && value !== es[id as keyof typeof es]) expect(text).not.toContain(value);
    }
  });
});
