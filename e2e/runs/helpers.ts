import type { APIRequestContext, Page } from 'playwright-core';
import { baseUrl } from '../fixtures/browser';

/** A built-in template of a kind, by name (templates run without a copy: uid builtin, sid none). */
export async function template(
  request: APIRequestContext,
  kind: 'DocBot' | 'ChatBot' | 'TutorBot',
  name: string,
): Promise<{ id: string; uid: string; sid: string }> {
  const res = await request.get(`${baseUrl}/api/bots?kind=${kind}&tab=templates&limit=100`);
  if (!res.ok()) throw new Error(`listing templates failed: ${res.status()}`);
  const page = (await res.json()) as { items: { id: string; name: string; uid: string; sid: string }[] };
  const bot = page.items.find((b) => b.name === name);
  if (!bot) throw new Error(`no ${kind} template named ${name}`);
  return bot;
}

/** The runner's address for a template. */
export const runPath = (
  route: 'run-doc-bot' | 'run-chat-bot' | 'run-tutor-bot',
  bot: { id: string; uid: string; sid: string },
  res = 'new',
) => `/${route}/${bot.id}/true/${res}/${bot.uid}/${bot.sid}`;

/** Where screenshots go (E2E_SHOTS_DIR, else nowhere): kept here for the specs that import it from runs. */
export { shoot } from '../fixtures/checks';

/** Picks an option of a MUI select by the field's label. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Waits until no reply is streaming (the Stop button is gone). */
export async function replyDone(page: Page, timeout = 30_000) {
  await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout });
}
