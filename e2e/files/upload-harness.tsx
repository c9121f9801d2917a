// Test-only entry: mounts the shared upload component on a bare page of the app's origin, so a
// spec can drive the real upload client without adding a test page to the product.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { createIntl, IntlProvider } from 'react-intl';
import { setActiveIntl } from '../../web/lib/i18n/translate';
import en from '../../web/lib/i18n/messages/en.json';
import type { FileInfo } from '../../contract/files';
import { FileUpload } from '../../web/components/upload/FileUpload';

declare global {
  interface Window {
    uploaded?: FileInfo;
    progressSeen: number[];
  }
}

window.progressSeen = [];
const mount = document.getElementById('mount');
// The component asks who is signed in (saved upload addresses are kept per user), through React Query.
if (mount) {
  // The English catalogue, as the app's I18nProvider would give it (for the component and the upload client).
  setActiveIntl(createIntl({ locale: 'en', messages: en }));
  createRoot(mount).render(
    <IntlProvider locale="en" messages={en}>
      <QueryClientProvider client={new QueryClient()}>
        {/* A full storage's message links to My Files, which needs a router. */}
        <MemoryRouter>
          <FileUpload purpose="knowledge" maxRetryMs={30_000} onUploaded={(file) => (window.uploaded = file)} />
        </MemoryRouter>
      </QueryClientProvider>
    </IntlProvider>,
  );
}

// Records every value the progress bar shows, to assert it climbs to 100.
new MutationObserver(() => {
  const bar = document.querySelector('[role="progressbar"]');
  const value = Number(bar?.getAttribute('aria-valuenow'));
  if (bar && Number.isFinite(value) && window.progressSeen.at(-1) !== value) window.progressSeen.push(value);
}).observe(document.body, { subtree: true, childList: true, attributes: true });
