import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueLoaders, loadMessages, type Catalogue, type Messages } from './catalogues';

afterEach(() => vi.restoreAllMocks());

const intlFor = (locale: string, messages: Messages) => createIntl({ locale, defaultLocale: 'en', messages });

describe('loadMessages', () => {
  it('loads only the chosen language’s catalogue', async () => {
    const en = vi.spyOn(catalogueLoaders, 'en');
    const es = vi.spyOn(catalogueLoaders, 'es');
    const messages = await loadMessages('es');
    expect(es).toHaveBeenCalledTimes(1);
    expect(en).not.toHaveBeenCalled();
    expect((messages as Catalogue)['shell.topBar.logout']).toBe('Cerrar sesión');
  });

  it('builds a pseudo-locale from the English catalogue alone', async () => {
    const en = vi.spyOn(catalogueLoaders, 'en');
    const es = vi.spyOn(catalogueLoaders, 'es');
    const intl = intlFor('en', await loadMessages('en-XA'));
    expect(en).toHaveBeenCalledTimes(1);
    expect(es).not.toHaveBeenCalled();
    const logout = intl.formatMessage({ id: 'shell.topBar.logout' });
    expect(logout).toMatch(/^\[Ļóĝóûţ( ~)+\]$/);
    // Placeholders keep their values; only the words around them change.
    expect(intl.formatMessage({ id: 'shell.topBar.schoolLogo' }, { school: 'Lincoln High' })).toContain('Lincoln High');
  });

  it('marks every word of the RTL pseudo-locale right to left', async () => {
    const intl = intlFor('en', await loadMessages('ar-XB'));
    expect(intl.formatMessage({ id: 'shell.topBar.logout' })).toBe('[\u202BLogout\u202C]');
  });
});

describe('plurals by locale', () => {
  it('chooses the plural form by the language’s rules', async () => {
    const en = intlFor('en', await loadMessages('en'));
    const es = intlFor('es', await loadMessages('es'));
    expect(en.formatMessage({ id: 'auth.rateLimitedSeconds' }, { seconds: 1 })).toBe('Too many attempts. Try again in 1 second.');
    expect(en.formatMessage({ id: 'auth.rateLimitedSeconds' }, { seconds: 30 })).toBe('Too many attempts. Try again in 30 seconds.');
    expect(es.formatMessage({ id: 'auth.rateLimitedSeconds' }, { seconds: 1 })).toBe(
      'Demasiados intentos. Vuelve a intentarlo en 1 segundo.',
    );
    expect(es.formatMessage({ id: 'auth.rateLimitedSeconds' }, { seconds: 30 })).toBe(
      'Demasiados intentos. Vuelve a intentarlo en 30 segundos.',
    );
    expect(en.formatMessage({ id: 'shell.trophyChart.unit' }, { count: 1 })).toBe('trophy');
    expect(es.formatMessage({ id: 'shell.trophyChart.unit' }, { count: 0 })).toBe('trofeos');
  });

  it('groups numbers inside messages by the locale', async () => {
    const en = intlFor('en', await loadMessages('en'));
    const es = intlFor('es', await loadMessages('es'));
    expect(en.formatMessage({ id: 'shell.drawer.usage' }, { used: 1200, limit: 40000 })).toBe('1,200 of 40,000 generations used');
    expect(es.formatMessage({ id: 'shell.drawer.usage' }, { used: 12, limit: 40000 })).toBe('12 de 40.000 generaciones usadas');
  });
});
