import { expect } from 'vitest';
import type { TestClient } from '../../../tests/harness';
import type { FakeGoogleClassroom } from '../../../tests/fakes/google-classroom';

/** The callback's path and query from where Google sends the browser back. */
export const pathOf = (location: string) => {
  const url = new URL(location);
  return `${url.pathname}${url.search}`;
};

/**
 * The teacher connects Google Classroom as their browser would: /connect, Google's consent page as
 * `googleUser`, and back to the callback. Answers the callback's response.
 */
export async function connectClassroom(
  client: TestClient,
  google: FakeGoogleClassroom,
  googleUser: string,
  options: { deny?: boolean; scopes?: string[]; headers?: Record<string, string> } = {},
) {
  const start = await client.get('/api/classroom/connect');
  expect(start.status).toBe(302);
  const back = await google.consent(start.headers.get('location')!, googleUser, options);
  return client.get(pathOf(back), options.headers);
}
