// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../tests/web/render';
import { AccountMenu } from '../../app/layouts/AccountMenu';
import { RouteError } from '../../app/routes/RouteError';
import { I18nProvider } from './I18nProvider';
import { catalogueLoaders } from './catalogues';
import { currentLocale, resetLocaleForTests, setLanguage } from './language';
import type { Me } from '../../../contract/account';
import { meQueryKey } from '../session/getMe';

const ada: Me = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  emailVerified: true,
  role: 'teacher',
  isSupport: false,
  locale: null,
  classLocale: null,
};

/** The API as the menu meets it: PATCH /api/me/locale answers what it was sent; the calls are kept. */
function stubLocaleApi() {
  const calls: { url: string; method: string; body: string; language: string | null }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? init.body : '';
    calls.push({ url, method: init.method ?? 'GET', body, language: new Headers(init.headers).get('Accept-Language') });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
  });
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  resetLocaleForTests();
  document.documentElement.lang = '';
  document.documentElement.dir = '';
});

/**
 * Waits, inside act, until a catalogue has been applied (the provider sets <html lang dir> just
 * before it renders the new words), so that the provider's update happens within act.
 */
async function untilApplied(lang: string, dir: 'ltr' | 'rtl' = 'ltr') {
  await act(() =>
    vi.waitFor(
      () => {
        expect(document.documentElement.lang).toBe(lang);
        expect(document.documentElement.dir).toBe(dir);
      },
      // A catalogue is a dynamic import: slow on a busy machine.
      { timeout: 10_000 },
    ),
  );
}
afterEach(() => {
  localStorage.clear();
  resetLocaleForTests();
});

describe('I18nProvider', () => {
  it('shows the stored language, loads only its catalogue, and sets <html lang dir>', async () => {
    localStorage.setItem('classbots.language', 'es');
    const en = vi.spyOn(catalogueLoaders, 'en');
    const { container } = await render(
      <I18nProvider>
        <RouteError />
      </I18nProvider>,
    );
    await untilApplied('es');
    expect(container.textContent).toContain('Algo salió mal');
    expect(container.textContent).not.toContain('Something went wrong');
    expect(en).not.toHaveBeenCalled();
  });

  it('follows setLanguage, right to left under the RTL pseudo-locale', async () => {
    localStorage.setItem('classbots.language', 'en');
    const { container } = await render(
      <I18nProvider>
        <RouteError />
      </I18nProvider>,
    );
    await untilApplied('en');
    expect(container.textContent).toContain('Something went wrong');
    act(() => setLanguage('ar-XB'));
    await untilApplied('ar-XB', 'rtl');
    expect(container.textContent).toContain('[\u202BSomething went wrong\u202C]');
    expect(localStorage.getItem('classbots.language')).toBe('ar-XB');
  });
});

describe('the account menu’s language picker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('switches to Spanish and remembers it, in this browser and on the account', async () => {
    localStorage.setItem('classbots.language', 'en');
    const calls = stubLocaleApi();
    const searched = ['bots', 'list', 'find', 'plan'] as const;
    const { client } = await render(
      <I18nProvider>
        <AccountMenu name="Ada Lovelace" email="ada@example.test" switchTo={null} onLogout={() => {}} />
      </I18nProvider>,
      {
        data: [
          [meQueryKey, ada],
          [searched, { templates: [], mine: [] }],
        ],
      },
    );
    await untilApplied('en');
    const avatar = document.querySelector<HTMLButtonElement>('button[aria-label^="Account menu for Ada Lovelace"]')!;
    act(() => avatar.click());
    const options = [...document.querySelectorAll<HTMLElement>('[role=menuitemradio]')];
    expect(options.map((o) => o.textContent)).toEqual(expect.arrayContaining(['English', 'Español']));
    expect(options.find((o) => o.textContent === 'English')?.getAttribute('aria-checked')).toBe('true');
    act(() => options.find((o) => o.textContent === 'Español')!.click());
    await untilApplied('es');
    expect(document.querySelector('button[aria-label^="Menú de la cuenta de Ada Lovelace"]')).not.toBeNull();
    expect(localStorage.getItem('classbots.language')).toBe('es');
    await act(() => vi.waitFor(() => expect(calls).toHaveLength(1)));
    expect(calls[0]).toEqual({ url: '/api/me/locale', method: 'PATCH', body: '{"locale":"es"}', language: 'es' });
    // What the server wrote in English is read again, in Spanish; the account itself is kept as saved.
    await act(() => vi.waitFor(() => expect(client.getQueryState(searched)?.isInvalidated).toBe(true)));
    expect(client.getQueryState(meQueryKey)?.isInvalidated).toBe(false);
    expect(client.getQueryData<{ locale: string }>(meQueryKey)?.locale).toBe('es');
  });

  it("follows the account's language over this browser's: a student's class default when they chose none", async () => {
    localStorage.setItem('classbots.language', 'en');
    expect(currentLocale()).toBe('en');
    stubLocaleApi();
    await render(<AccountMenu name="Ada Lovelace" email="ada@example.test" switchTo={null} onLogout={() => {}} />, {
      data: [[meQueryKey, { ...ada, role: 'student', classLocale: 'es' }]],
    });
    expect(currentLocale()).toBe('es');
    expect(localStorage.getItem('classbots.language')).toBe('es');
  });
});
