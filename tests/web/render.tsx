import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createIntl, IntlProvider } from 'react-intl';
import { setActiveIntl, setValidationTranslator } from '../../web/lib/i18n/translate';
import { translateValidation } from '../../contract/messages';
import { afterEach } from 'vitest';
import { createAppTheme } from '../../web/theme/theme';
import en from '../../web/lib/i18n/messages/en.json';
import es from '../../web/lib/i18n/messages/es.json';

/** Both catalogues, imported at once here: the app itself loads only the chosen one. */
const catalogues = { en, es };

/**
 * Renders web components in the test's DOM (a file that uses it opens with
 * `// @vitest-environment happy-dom`), with React's development build: its warnings (a `<div>` in
 * a `<p>`, an input switching from uncontrolled to controlled) and emotion's (an unsafe
 * `:first-child`) go to console.error, which tests/setup.ts turns into a failed test.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// A standards-mode page, as the app's index.html is (happy-dom has no compatMode; KaTeX warns without it).
if (typeof document !== 'undefined' && !('compatMode' in document)) {
  Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true });
}

const mounted: Root[] = [];
afterEach(() => {
  for (const root of mounted.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
});

/** Runs `update` in act and waits for what it set off (effects, resolved queries) to render. */
export function settle(update: () => void): Promise<void> {
  return act(() => {
    update();
    return Promise.resolve();
  });
}

export interface RenderOptions {
  mode?: 'light' | 'dark';
  /** Query data already in the cache, as [key, data] pairs. */
  data?: [readonly unknown[], unknown][];
  /** false: `ui` brings its own router. */
  router?: boolean;
  /** The catalogue the words come from (English unless a test says otherwise). */
  locale?: 'en' | 'es';
}

/** Renders `ui` inside a catalogue, the app's theme, a query client and a router; returns its container and a rerender. */
export async function render(ui: ReactNode, { mode = 'light', data = [], router: withRouter = true, locale = 'en' }: RenderOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, value] of data) client.setQueryData(key, value);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push(root);
  const tree = (node: ReactNode) => (
    <IntlProvider locale={locale} defaultLocale="en" messages={catalogues[locale]}>
      <ThemeProvider theme={createAppTheme(mode)}>
        <QueryClientProvider client={client}>
          {withRouter ? <RouterProvider router={createMemoryRouter([{ path: '*', element: node }])} /> : node}
        </QueryClientProvider>
      </ThemeProvider>
    </IntlProvider>
  );
  // The catalogue of code outside React (the API client's errors), as I18nProvider sets it in the app.
  setActiveIntl(createIntl({ locale, defaultLocale: 'en', messages: catalogues[locale] }));
  setValidationTranslator(locale === 'en' ? null : (message) => translateValidation(message, locale));
  await settle(() => root.render(tree(ui)));
  return {
    container,
    client,
    rerender: async (next: ReactNode) => {
      await settle(() => root.render(tree(next)));
    },
  };
}
