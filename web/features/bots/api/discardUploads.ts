import { apiFetch } from '../../../lib/http';

/** The most ids one request takes (the contract's bound). */
const PER_REQUEST = 100;

/**
 * POST /api/files/discard: gives up uploads a bot editor made and no save used. Best effort: the
 * answer is not awaited and a failure is not shown (the hourly sweep takes what this misses), and
 * `keepalive` lets the request finish while the page unloads (a reload, a closed tab).
 */
export function discardUploads(ids: readonly string[]): void {
  for (let i = 0; i < ids.length; i += PER_REQUEST) {
    void apiFetch('/api/files/discard', {
      method: 'POST',
      keepalive: true,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids: ids.slice(i, i + PER_REQUEST) }),
    }).catch(() => undefined);
  }
}
