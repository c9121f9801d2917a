import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl } from '../fixtures/browser';
import { template } from '../runs/helpers';

/** A name no other spec of this run uses. */
export const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

export interface MadeBot {
  id: string;
  name: string;
  uid: string;
  sid: string;
}

/** Makes a DocBot through the API as the context's user (as another teacher would have made it). */
export async function makeDocBot(context: BrowserContext, name: string, visibility: 'private' | 'school' | 'public'): Promise<MadeBot> {
  const res = await context.request.post(`${baseUrl}/api/bots`, {
    headers: { Origin: baseUrl },
    data: {
      kind: 'DocBot',
      name,
      description: 'Made by the e2e spec.',
      instructions: 'Write a short worksheet.',
      visibility,
      settings: { formInputs: [{ key: 'topic', label: 'Topic', kind: 'text', required: true }] },
    },
  });
  if (res.status() !== 201) throw new Error(`making a bot failed: ${res.status()} ${await res.text()}`);
  const bot = (await res.json()) as MadeBot;
  return { id: bot.id, name: bot.name, uid: bot.uid, sid: bot.sid };
}

/** Copies a built-in template through the API (the library's one-click Copy) under a new name: the context's user's own bot. */
export async function copyTemplate(
  context: BrowserContext,
  kind: 'DocBot' | 'ChatBot' | 'TutorBot',
  templateName: string,
  name: string,
): Promise<MadeBot> {
  const source = await template(context.request, kind, templateName);
  const res = await context.request.post(`${baseUrl}/api/bots/${source.id}/copy`, { headers: { Origin: baseUrl }, data: { name } });
  if (res.status() !== 201) throw new Error(`copying ${templateName} failed: ${res.status()} ${await res.text()}`);
  const bot = (await res.json()) as MadeBot;
  return { id: bot.id, name: bot.name, uid: bot.uid, sid: bot.sid };
}

/** The editor's address of one's own DocBot. */
export const docBotEditPath = (bot: MadeBot) => `/docbot-add-edit/${bot.id}/false/edit/${bot.uid}/${bot.sid}`;

/** The editor's copy mode for a built-in template. */
export const templateCopyPath = (bot: { id: string }) => `/docbot-add-edit/${bot.id}/true/copy/builtin/none`;

/** Waits for the library of a kind to show its heading and first results (or its empty state). */
export async function openLibrary(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** The card (an article named by its bot) in the library. */
export const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
