// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { MyFilesPage as Page } from '../../../../contract/my-files';
import en from '../../../lib/i18n/messages/en.json';
import es from '../../../lib/i18n/messages/es.json';
import { render } from '../../../../tests/web/render';
import { myFilesKey } from '../api/listMyFiles';
import { meQueryKey } from '../../../lib/session/getMe';
import MyFilesPage from './MyFilesPage';

/** The English words of My Files and uploads that Spanish says differently. */
const englishOnly = Object.entries(en)
  .filter(([id, text]) => /^(files|upload)\./.test(id) && text !== es[id as keyof typeof es] && !/[{}]/.test(text))
  .map(([, text]) => text);

/** Whole words only: "Form" is no English inside "Formulario". */
const appears = (text: string, words: string) =>
  new RegExp(`(^|[^\\p{L}])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text);

const page: Page = {
  files: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'fracciones.pdf',
      kind: 'knowledge',
      type: 'application/pdf',
      status: 'ready',
      size: 2048,
      createdAt: '2026-11-01T00:00:00.000Z',
      uses: {
        knowledgeOf: [{ id: 'b1', name: 'Tutor de fracciones', kind: 'TutorBot' }],
        iconOf: [],
        otherBots: 2,
        savedImages: [],
        savedDocs: [],
        conversations: [],
        tickets: [],
      },
    },
  ],
  page: 0,
  limit: 25,
  totals: { usedBytes: 2048, quotaBytes: 500 * 1024 * 1024, fileCount: 1 },
};

describe('My Files in Spanish', () => {
  it('shows the page, the storage and the uses in Spanish', async () => {
    const { container } = await render(<MyFilesPage />, {
      locale: 'es',
      data: [
        [[...myFilesKey, { sort: 'created', dir: 'desc', page: 0, limit: 25 }], page],
        // The page's upload reads who is signed in.
        [meQueryKey, { id: 'u1' }],
      ],
    });
    const text = container.textContent ?? '';
    for (const words of [
      'Mis archivos',
      'Almacenamiento usado',
      '1 archivo',
      'Conocimiento de',
      '2 copias de tus bots',
      'Eliminar selección',
    ]) {
      expect(text).toContain(words);
    }
    const labels = [...container.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join('\n');
    expect(labels).toContain('Eliminar fracciones.pdf');
    expect(englishOnly.filter((words) => appears(`${text}\n${labels}`, words))).toEqual([]);
  });
});
