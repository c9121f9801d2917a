// Behaviour: a saved document reads as text in the list (math readable, no Markdown or LaTeX
// source), its title follows its first heading until the teacher names it, and Print shows its
// equations, image and table.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { token } from '../fixtures/checks';

const getBrowser = useBrowser();
const headers = { Origin: baseUrl };

async function post<T>(request: APIRequestContext, url: string, data: unknown, status = 201): Promise<T> {
  const res = await request.post(`${baseUrl}${url}`, { data, headers });
  if (res.status() !== status) throw new Error(`${url} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

describe('Saved Docs a teacher can hand out', () => {
  it('lists text not source, follows the heading until renamed, and prints equations, the image and the table', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const word = `orbit${token()}`;
    const bot = await post<{ id: string }>(context.request, '/api/bots', {
      kind: 'DocBot',
      name: `Pictures ${word}`,
      settings: { canGenerateImages: true },
    });
    const image = await post<{ fileId: string }>(context.request, '/api/images', {
      idempotencyKey: randomUUID(),
      prompt: 'A circle',
      botId: bot.id,
    });
    const body = [
      `# Circles ${word}`,
      'The area is $A = \\pi r^2$ and **half** of it is $\\frac{1}{2}\\pi r^2$.',
      `![A circle](/api/files/${image.fileId})`,
      '$$\nC = 2\\pi r\n$$',
      '| Shape | Area |\n|---|---|\n| Circle | $\\pi r^2$ |',
    ].join('\n\n');
    const item = await post<{ id: string }>(context.request, '/api/saved', { kind: 'document', body });

    await page.goto('/savedresources');
    await page.getByRole('searchbox', { name: 'Search Saved Docs' }).fill(word);
    const list = page.getByRole('list', { name: 'Saved Docs' });
    await expect.poll(async () => list.getByRole('listitem').count()).toBe(1);
    const entry = list.getByRole('listitem').first();
    await entry.getByText('The area is A = π r² and half of it is ½π r².', { exact: false }).waitFor();
    const shown = await entry.innerText();
    expect(shown).not.toMatch(/[$#*|\\]/);

    // The title follows the first heading while the teacher edits the text.
    await entry.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    const editor = dialog.getByRole('textbox', { name: 'Document (Markdown)' });
    const title = dialog.getByRole('textbox', { name: 'Title' });
    expect(await title.inputValue()).toBe(`Circles ${word}`);
    await editor.fill(body.replace(`# Circles ${word}`, `# Circle facts ${word}`));
    await dialog.getByRole('status').getByText('Saved').waitFor({ timeout: 10_000 });
    await expect.poll(() => title.inputValue()).toBe(`Circle facts ${word}`);

    // Named by the teacher: it stays when the heading changes again.
    await title.fill(`Friday handout ${word}`);
    await dialog.getByRole('status').getByText('Saved').waitFor({ timeout: 10_000 });
    await editor.fill(body.replace(`# Circles ${word}`, `# Something else ${word}`));
    await dialog.getByRole('status').getByText('Saved').waitFor({ timeout: 10_000 });
    const saved = (await (await context.request.get(`${baseUrl}/api/saved/${item.id}`)).json()) as { title: string; body: string };
    expect(saved.body).toContain(`# Something else ${word}`);
    expect(saved.title).toBe(`Friday handout ${word}`);
    expect(await title.inputValue()).toBe(`Friday handout ${word}`);

    // Print / Save as PDF: rendered equations (no LaTeX source), the image loaded, the table.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await dialog.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Print / Save as PDF' }).click();
    await page.emulateMedia({ media: 'print' });
    const root = page.locator('#cb-print-root');
    await root.locator('table').waitFor();
    expect(await root.locator('.katex').count()).toBeGreaterThanOrEqual(4);
    expect(await root.locator('.katex-display').count()).toBe(1);
    const img = root.locator('img[alt="A circle"]');
    expect(await img.getAttribute('src')).toBe(`/api/files/${image.fileId}`);
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0))
      .toBe(true);
    expect(await root.locator('table td').allInnerTexts()).toContain('Circle');
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
