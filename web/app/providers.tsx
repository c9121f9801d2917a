import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppStateProvider } from '../lib/app-state/AppState';
import { I18nProvider } from '../lib/i18n';
import { ThemeModeProvider } from '../theme/ThemeModeProvider';

/** One query client per page load. */
export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
}

/** The locale's catalogue, theme, server state and the shared app state, around the router. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <I18nProvider>
      <ThemeModeProvider>
        <QueryClientProvider client={client}>
          <AppStateProvider>{children}</AppStateProvider>
        </QueryClientProvider>
      </ThemeModeProvider>
    </I18nProvider>
  );
}
