// Behaviour (light at 1280 px with the drawer open; the other theme at 1280 and both at 360 are opened, checked with axe and shot): a free teacher opens My Files from the drawer and sees each file's size and where it is used against the storage total; deleting a knowledge file asks first, naming the bot whose knowledge loses it, and then the file is gone and the total drops. At 360 px the files are a list and nothing scrolls sideways.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot, token } from '../fixtures/checks';

const getBrowser = useBrowser();
/** Uploads a small file as the context's teacher; returns its id. */
async function upload(context: BrowserContext, name: string, text: string): Promise<string> {
  const res = await context.request.post(`${baseUrl}/api/files`, {
    headers: { Origin: baseUrl },
    multipart: { file: { name, mimeType: 'text/plain', buffer: Buffer.from(text) }, purpose: 'knowledge' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function themed(width: number, theme: 'light' | 'dark') {
  const context = await contextAs(getBrowser(), 'filesTeacher', { width, height: 800, bypassCSP: true });
  await context.addInitScript((mode) => localStorage.setItem('classbots.themeMode', mode), theme);
  return context;
}

const usedText = async (page: Page) => (await page.getByTestId('my-files-used').textContent()) ?? '';

describe('My Files', () => {
  it('deletes a knowledge file after naming the bot that loses it, and the total drops (1280 px, light, drawer open)', async () => {
    const context = await themed(1280, 'light');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const t = token();
    const name = `unit-plan-${t}.txt`;
    const fileId = await upload(context, name, 'a'.repeat(4096));
    const bot = await context.request.post(`${baseUrl}/api/bots`, {
      headers: { Origin: baseUrl },
      data: { kind: 'ChatBot', name: `Planner ${t}`, settings: { welcomeMessage: 'Hi', starterPrompts: [] }, knowledgeFileIds: [fileId] },
    });
    expect(bot.status()).toBe(201);

    await openAndSettle(page, '/home/DocBot');
    await page.getByRole('navigation').getByRole('link', { name: 'My Files' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Files' }).waitFor();
    const row = page.locator(`[data-file="${name}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(`Knowledge of: Planner ${t}`);
    expect(await row.textContent()).toContain('4 KB');
    const before = await usedText(page);
    await accessible(page, 1280);
    await shoot(page, 'my-files-1280-light');

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this file?' });
    await dialog.getByText('These bots lose it from their knowledge:').waitFor();
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([`${name} (4 KB)`, `Planner ${t}`]);
    await accessible(page, 1280);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').getByText('Deleted 1 file; 4 KB freed.').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.waitForFunction((b) => document.querySelector('[data-testid="my-files-used"]')?.textContent !== b, before);
    expect(await usedText(page)).not.toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads well in the other theme at 1280 px and in both themes at 360 px, as a list', async () => {
    for (const [width, theme] of [
      [1280, 'dark'],
      [360, 'light'],
      [360, 'dark'],
    ] as const) {
      const context = await themed(width, theme);
      const name = `notes-${token()}.txt`;
      await upload(context, name, 'Notes');
      const page = await context.newPage();
      const errors = trackErrors(page);
      expect(await openAndSettle(page, '/myFiles')).toBe('/myFiles');
      const row = page.locator(`[data-file="${name}"]`);
      await row.waitFor();
      expect(await row.evaluate((el) => el.tagName)).toBe(width === 360 ? 'LI' : 'TR');
      await accessible(page, width);
      await shoot(page, `my-files-${width}-${theme}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
