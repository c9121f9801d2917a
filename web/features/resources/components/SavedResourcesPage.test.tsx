// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { SavedDetail } from '../../../../contract/saved';
import { render } from '../../../../tests/web/render';
import en from '../../../lib/i18n/messages/en.json';
import es from '../../../lib/i18n/messages/es.json';
import { savedBotsQuery, savedItemQuery, savedListQuery } from '../api/saved';
import SavedResourcesPage from './SavedResourcesPage';
import { SavedItemDialog } from './SavedItemDialog';

const item: SavedDetail = {
  id: 's1',
  kind: 'document',
  title: 'Plan de clase',
  excerpt: 'Objetivos',
  botId: 'b1',
  botKind: 'DocBot',
  botName: 'Planificador',
  conversationId: null,
  fileId: null,
  runner: null,
  version: 1,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-02T10:00:00Z',
  body: '# Objetivos',
};
const filter = { q: '', kind: null, botId: null, sort: 'updated' } as const;
const data: [readonly unknown[], unknown][] = [
  [savedListQuery(filter).queryKey, { pages: [{ items: [item], nextCursor: null }], pageParams: [null] }],
  [savedBotsQuery().queryKey, { bots: [{ botId: 'b1', botName: 'Planificador', botKind: 'DocBot' }] }],
  [savedItemQuery(item.id).queryKey, item],
];

/** The English words of this area that Spanish says differently. */
const english = new Set(
  Object.entries(en)
    .filter(([id, text]) => /^(saved|components)\./.test(id) && text !== es[id as keyof typeof es])
    .map(([, text]) => text),
);

/** Every text node and readable attribute on the page that is exactly one of those English words. */
function englishLeft(): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (english.has(text)) found.push(text);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
    for (const name of ['aria-label', 'placeholder', 'title']) {
      const value = el.getAttribute(name);
      if (value && english.has(value)) found.push(value);
    }
  }
  return found;
}

describe('Saved Docs in Spanish', () => {
  it('shows the list, its filters and an item in Spanish', async () => {
    // The item's query refetches on mount (staleTime 0): the server answers with the same item.
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify(item), { headers: { 'Content-Type': 'application/json' } })),
    );
    // happy-dom does not know the <search> landmark the filters sit in; any other error still fails.
    const report = console.error;
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!(String(args[0]).includes('is unrecognized in this browser') && args[1] === 'search')) report(...args);
    });
    await render(
      <>
        <SavedResourcesPage />
        <SavedItemDialog id={item.id} onClose={() => {}} onDuplicate={() => {}} onDelete={() => {}} />
      </>,
      { locale: 'es', data },
    );
    const text = document.body.textContent ?? '';
    expect(document.querySelector('h1')?.textContent).toBe('Documentos guardados');
    expect(text).toContain('Todos los tipos');
    expect(text).toContain('Documento · De Planificador · Editado el');
    expect(text).toContain('Exportar');
    expect(text).toContain('Duplicar');
    expect(englishLeft()).toEqual([]);
  });
});
