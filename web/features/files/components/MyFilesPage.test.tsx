// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyFilesPage as Page } from '../../../../contract/my-files';
import en from '../../../lib/i18n/messages/en.json';
import es from '../../../lib/i18n/messages/es.json';
import { render, settle } from '../../../../tests/web/render';
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
      pendingUntil: null,
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
    // Uploaded in a bot's editor that was left unsaved: it goes unless kept (issue 39, item 12).
    {
      id: '00000000-0000-4000-8000-000000000002',
      name: 'borrador.txt',
      kind: 'knowledge',
      type: 'text/plain',
      status: 'ready',
      size: 100,
      createdAt: new Date().toISOString(),
      pendingUntil: new Date(Date.now() + 20 * 3_600_000).toISOString(),
      uses: { knowledgeOf: [], iconOf: [], otherBots: 0, savedImages: [], savedDocs: [], conversations: [], tickets: [] },
    },
  ],
  page: 0,
  limit: 25,
  totals: { usedBytes: 2148, quotaBytes: 500 * 1024 * 1024, fileCount: 2 },
};
const pageData = (): [readonly unknown[], unknown][] => [
  [[...myFilesKey, { sort: 'created', dir: 'desc', page: 0, limit: 25 }], page],
  // The page's upload reads who is signed in.
  [meQueryKey, { id: 'u1' }],
];

describe('My Files in Spanish', () => {
  it('shows the page, the storage and the uses in Spanish', async () => {
    const { container } = await render(<MyFilesPage />, { locale: 'es', data: pageData() });
    const text = container.textContent ?? '';
    for (const words of [
      'Mis archivos',
      'Almacenamiento usado',
      '2 archivos',
      'Subido en el editor de un bot y aún sin guardar en ningún bot: se eliminará',
      'Conocimiento de',
      '2 copias de tus bots',
      'Eliminar selección',
    ]) {
      expect(text).toContain(words);
    }
    const labels = [...container.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join('\n');
    expect(labels).toContain('Eliminar fracciones.pdf');
    expect(labels).toContain('Conservar borrador.txt');
    expect(labels).not.toContain('Conservar fracciones.pdf');
    expect(englishOnly.filter((words) => appears(`${text}\n${labels}`, words))).toEqual([]);
  });
});

describe('a file uploaded in an editor left unsaved', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is marked with when it goes, and Keep keeps it', async () => {
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(Response.json({ kept: ['00000000-0000-4000-8000-000000000002'] })),
    );
    vi.stubGlobal('fetch', fetch);
    const { container } = await render(<MyFilesPage />, { data: pageData() });
    const marks = container.querySelectorAll('[data-testid=file-pending]');
    expect([...marks].map((m) => m.textContent)).toEqual([
      'Uploaded in a bot editor and not saved in a bot yet: removed in 20 hours unless you keep it.',
    ]);
    const keep = container.querySelector<HTMLButtonElement>('[aria-label="Keep borrador.txt"]')!;
    await settle(() => keep.click());
    await settle(() => undefined);
    const call = fetch.mock.calls.find(([url]) => url === '/api/files/keep');
    expect(JSON.parse(call![1]!.body as string)).toEqual({ ids: ['00000000-0000-4000-8000-000000000002'] });
    expect(container.textContent).toContain('borrador.txt is kept in My Files.');
  });
});
