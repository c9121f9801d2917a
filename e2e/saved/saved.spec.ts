// Behaviour: Saved Docs keeps what a teacher saved: search finds it, the editor autosaves, two tabs editing the same document keep both texts, delete has Undo, and Export downloads a DOCX and prints the document alone.
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { shoot, token } from '../fixtures/checks';

const getBrowser = useBrowser();

async function saveDocument(request: APIRequestContext, body: string): Promise<{ id: string; version: number }> {
  const res = await request.post(`${baseUrl}/api/saved`, { data: { kind: 'document', body }, headers: { Origin: baseUrl } });
  if (res.status() !== 201) throw new Error(`saving failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: string; version: number };
}

describe('Saved Docs', () => {
  it('finds a saved document by a word in its text, opens it, and autosaves an edit', async () => {
    const context = await contextAs(getBrowser(), 'freeTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const word = `tuff${token()}`;
    await saveDocument(context.request, `# Volcano quiz ${word}\n\n1. What is ${word} rock?`);
    await saveDocument(context.request, `# Parent e-mail ${token()}\n\nDear families,`);

    await page.goto('/savedresources');
    await page.getByRole('heading', { level: 1, name: 'Saved Docs' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search Saved Docs' }).fill(`${word} rock`);
    const list = page.getByRole('list', { name: 'Saved Docs' });
    await expect.poll(async () => list.getByRole('listitem').count()).toBe(1);
    await list.getByRole('button', { name: new RegExp(`Volcano quiz ${word}`) }).click();

    const dialog = page.getByRole('dialog');
    const editor = dialog.getByRole('textbox', { name: 'Document (Markdown)' });
    await editor.fill(`# Volcano quiz ${word}\n\n1. What is ${word} rock?\n2. Name a volcano.`);
    await dialog.getByRole('status').getByText('Saved').waitFor({ timeout: 10_000 });
    await dialog.getByRole('region', { name: 'Preview' }).getByText('Name a volcano.').waitFor();
    await shoot(page, 'saved-editor');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps both texts when two tabs edit the same document, and saves the chosen one', async () => {
    const context = await contextAs(getBrowser(), 'freeTeacher');
    const item = await saveDocument(context.request, `# Exit ticket ${token()}\n\nOne thing you learned.`);
    const tabA = await context.newPage();
    const tabB = await context.newPage();
    for (const tab of [tabA, tabB]) {
      await tab.goto(`/savedresources?item=${item.id}`);
      await tab.getByRole('textbox', { name: 'Document (Markdown)' }).waitFor();
    }
    await tabA.getByRole('textbox', { name: 'Document (Markdown)' }).fill('# Exit ticket\n\nText from tab A');
    await tabA.getByRole('status').getByText('Saved').waitFor({ timeout: 10_000 });

    await tabB.getByRole('textbox', { name: 'Document (Markdown)' }).fill('# Exit ticket\n\nText from tab B');
    await tabB.getByText('This document was changed in another tab or window').waitFor({ timeout: 10_000 });
    expect(await tabB.getByRole('textbox', { name: 'Your text (not saved)' }).inputValue()).toContain('Text from tab B');
    expect(await tabB.getByRole('textbox', { name: 'The other text (saved)' }).inputValue()).toContain('Text from tab A');
    await shoot(tabB, 'saved-conflict');
    // Nothing was overwritten yet.
    const before = (await (await context.request.get(`${baseUrl}/api/saved/${item.id}`)).json()) as { body: string };
    expect(before.body).toContain('Text from tab A');

    await tabB.getByRole('button', { name: 'Keep my text' }).click();
    await tabB.getByRole('status').getByText('Saved').waitFor({ timeout: 10_000 });
    const after = (await (await context.request.get(`${baseUrl}/api/saved/${item.id}`)).json()) as { body: string; version: number };
    expect(after.body).toContain('Text from tab B');
    expect(after.version).toBe(item.version + 2);
    await context.close();
  });

  it('deletes with confirmation and brings the item back with Undo', async () => {
    const context = await contextAs(getBrowser(), 'freeTeacher');
    const page = await context.newPage();
    const title = `Rubric ${token()}`;
    const item = await saveDocument(context.request, `# ${title}\n\n| Level | Meaning |\n|---|---|\n| 4 | Exceeds |`);
    await page.goto(`/savedresources?item=${item.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this item?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Item deleted.').waitFor();
    expect((await context.request.get(`${baseUrl}/api/saved/${item.id}`)).status()).toBe(404);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Item restored.').waitFor();
    await page
      .getByRole('list', { name: 'Saved Docs' })
      .getByRole('button', { name: new RegExp(title) })
      .waitFor();
    await context.close();
  });

  it('exports a DOCX download and prints the document alone', async () => {
    const context = await contextAs(getBrowser(), 'freeTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const item = await saveDocument(
      context.request,
      '# Volcano quiz for Friday\n\n## Part A\n\n1. What is magma?\n2. Where does lava come from?\n\n| Term | Meaning |\n|---|---|\n| Magma | Molten rock underground |\n\nThe area is $A = \\pi r^2$.',
    );
    await page.goto(`/savedresources?item=${item.id}`);
    await page.getByRole('region', { name: 'Preview' }).getByRole('table').waitFor();

    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download Word (.docx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Volcano quiz for Friday.docx');

    // Print: the browser's dialog is stubbed; the print stylesheet shows the document alone.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Print / Save as PDF' }).click();
    await page.emulateMedia({ media: 'print' });
    const root = page.locator('#cb-print-root');
    // The copy sits outside the open dialog, which hides the rest of the page from the accessibility tree: find it by tag.
    await root.locator('h1', { hasText: 'Volcano quiz for Friday' }).waitFor();
    expect(await root.locator('table').count()).toBe(1);
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('dialog').isVisible()).toBe(false);
    expect(await root.evaluate((el) => getComputedStyle(el.querySelector('h1')!).color)).toBe('rgb(0, 0, 0)');
    await shoot(page, 'saved-print');
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is not reachable by another teacher', async () => {
    const owner = await contextAs(getBrowser(), 'freeTeacher');
    const item = await saveDocument(owner.request, `# Private ${token()}`);
    const other = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await other.newPage();
    trackErrors(page);
    await page.goto(`/savedresources?item=${item.id}`);
    await page.getByText('This saved item does not exist or is not yours.').waitFor();
    await owner.close();
    await other.close();
  });
});
