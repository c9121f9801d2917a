// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { BotCollection, BotSummary } from '../../../../contract/bots';
import en from '../../../lib/i18n/messages/en.json';
import es from '../../../lib/i18n/messages/es.json';
import { meQueryKey } from '../../../lib/session/getMe';
import { subscriptionQueryKey } from '../../../lib/session/getSubscription';
import type { Subscription } from '../../../../contract/subscription';
import { render } from '../../../../tests/web/render';
import { botKeys } from '../api/keys';
import { NoticeProvider } from '../hooks/notice';
import { BotEditor } from './editor/BotEditor';
import { BotCard } from './library/BotCard';
import StudentPreviewPage from './StudentPreviewPage';

/** The English words of this area that Spanish says differently: none may show on a Spanish page. */
const englishOnly = Object.entries(en)
  .filter(([id, text]) => id.startsWith('bots.') && text !== es[id as keyof typeof es] && !/[{}]/.test(text))
  .map(([, text]) => text);

function shown(container: HTMLElement): string {
  const labels = [...container.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'));
  return [container.textContent, ...labels].join('\n');
}

/** Whole words only: "Form" is no English inside "Formulario". */
const appears = (text: string, words: string) =>
  new RegExp(`(^|[^\\p{L}])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text);

function expectNoEnglish(container: HTMLElement) {
  const text = shown(container);
  expect(englishOnly.filter((words) => appears(text, words))).toEqual([]);
}

const bot: BotSummary = {
  id: 'b1',
  kind: 'TutorBot',
  name: 'Fracciones',
  description: 'Practica fracciones.',
  icon: { type: 'emoji', emoji: '🧮' },
  visibility: 'school',
  isTemplate: false,
  isOwner: true,
  collectionId: null,
  uid: 'u1',
  sid: 'none',
  lastUsedAt: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
  sharedBy: null,
};
const collections: BotCollection[] = [];
/** The teacher's plan, as the session query holds it (the Assign buttons read it). */
const plan = (status: Subscription['status']): Subscription => ({
  status,
  current_period_end: null,
  school_name: null,
  school_id: null,
  school_domain: null,
  user_type: 'teacher',
  is_admin: false,
  teacher_building: null,
  message: null,
});

describe('the bots pages in Spanish', () => {
  it('shows the student preview in Spanish', async () => {
    const list = { pages: [{ items: [bot], nextCursor: null }], pageParams: [null] };
    const { container } = await render(<StudentPreviewPage />, {
      locale: 'es',
      data: [[botKeys.list({ kind: 'TutorBot', tab: 'mine', q: '', collectionId: null }), list]],
    });
    expect(container.textContent).toContain('Vista previa de estudiante');
    expect(container.textContent).toContain('Abrir como estudiante');
    expect(container.querySelector('[aria-label="Abrir Fracciones como estudiante"]')).not.toBeNull();
    expectNoEnglish(container);
  });

  it('shows a library card in Spanish', async () => {
    const { container } = await render(
      <NoticeProvider>
        <BotCard bot={bot} collections={collections} hasSchool onDeleted={() => undefined} />
      </NoticeProvider>,
      { locale: 'es', data: [[subscriptionQueryKey, plan('active')]] },
    );
    expect(container.textContent).toContain('Aún sin usar');
    expect(container.textContent).toContain('Compartido con la escuela');
    expect(container.textContent).toContain('Vista de estudiante');
    expectNoEnglish(container);
  });

  // Issue 39, item 22: a TutorBot's card offers Assign to a teacher who may assign, opening the
  // new assignment with this tutor chosen; a free teacher is not offered it.
  it('offers Assign on a TutorBot card to a Premium teacher only', async () => {
    const card = (status: Subscription['status']) =>
      render(
        <NoticeProvider>
          <BotCard bot={bot} collections={collections} hasSchool onDeleted={() => undefined} />
        </NoticeProvider>,
        { locale: 'es', data: [[subscriptionQueryKey, plan(status)]] },
      );
    const premium = await card('active');
    const assign = premium.container.querySelector<HTMLAnchorElement>('a[aria-label="Asignar Fracciones a estudiantes"]');
    expect(assign?.getAttribute('href')).toBe('/teachAssignments?bot=b1');
    const free = await card('not subscribed yet');
    expect(free.container.querySelector('a[aria-label="Asignar Fracciones a estudiantes"]')).toBeNull();
  });

  it('shows the DocBot editor in Spanish', async () => {
    const { container } = await render(<BotEditor kind="DocBot" mode="add" source={null} editorKey="k" />, {
      locale: 'es',
      data: [
        [botKeys.collections('DocBot'), collections],
        [meQueryKey, { id: 'u1' }],
        [subscriptionQueryKey, plan('active')],
        // "Add one of My Files" reads the teacher's knowledge files.
        [botKeys.knowledgeFiles(), { files: [], page: 0, limit: 100, totals: { usedBytes: 0, quotaBytes: 1, fileCount: 0 } }],
      ],
    });
    expect(container.querySelector('h1')?.textContent).toBe('Nuevo DocBot');
    for (const words of ['Lo básico', 'Instrucciones', 'Formulario', 'Agregar un campo', 'Creatividad', 'Volver a la biblioteca']) {
      expect(container.textContent).toContain(words);
    }
    expectNoEnglish(container);
  });
});
