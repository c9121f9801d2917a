import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { createRouter, preloadPageFor } from './app/router';
import { meQueryOptions } from './lib/session/getMe';
import { subscriptionQueryOptions } from './lib/session/getSubscription';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Everything the first page needs starts loading at once, not one after the other.
const client = createQueryClient();
void client.prefetchQuery(meQueryOptions());
void client.prefetchQuery(subscriptionQueryOptions());
preloadPageFor(window.location);

const router = createRouter();
createRoot(container).render(
  <StrictMode>
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
