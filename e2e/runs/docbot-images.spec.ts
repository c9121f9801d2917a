// Behaviour: a generated image goes into the DocBot document where the teacher puts it (at the end, or at the cursor while editing by hand); it is stored with the run, shows in the document after a reload, and the DOCX export has it between the right paragraphs; it cannot be inserted before there is a document or while a reply is written.
import JSZip from 'jszip';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, downloaded, trackErrors, useBrowser } from '../fixtures/browser';
import { choose, replyDone, runPath, shoot, template } from './helpers';

const getBrowser = useBrowser();

/** The natural width of an image once it has loaded (0 while loading or when it failed). */
const loadedWidth = async (img: Locator) => {
  await img.scrollIntoViewIfNeeded();
  return img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));
};

const isEdit = (method: string, url: string) => method === 'PATCH' && /\/api\/conversations\/[^/]+\/messages\/[^/]+$/.test(url);

/** Generate image with a prompt; the fake answers Imagen's :predict with a 1x1 PNG. */
async function makeImage(page: Page, prompt: string) {
  await page.getByRole('button', { name: 'Generate image' }).click();
  await page.getByRole('textbox', { name: 'Describe the image' }).fill(prompt);
  await page.getByRole('button', { name: 'Create image' }).click();
  const made = page.getByRole('img', { name: `Generated image: ${prompt}` });
  await expect.poll(() => loadedWidth(made)).toBe(1);
  return page.locator('figure').filter({ has: made }).getByRole('button', { name: 'Insert into document' });
}

/** The DOCX body's paragraphs, in order, as XML strings (the document here has no tables). */
function paragraphs(xml: string): string[] {
  const body = xml.slice(xml.indexOf('<w:body>'), xml.indexOf('<w:sectPr'));
  return [...body.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) => m[0]);
}
const textOf = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');

describe('generated images in the DocBot document', () => {
  it('inserts at the end and at the cursor, keeps them on reload, and exports them where they were put', async () => {
    const context = await contextAs(getBrowser(), 'schoolTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const stamp = Date.now();
    const first = `A water cycle diagram ${stamp}`;
    const second = `Clouds over a mountain ${stamp}`;
    const bot = await template(context.request, 'DocBot', 'Lesson Plan');
    await page.goto(runPath('run-doc-bot', bot));
    await choose(page, 'Grade level', 'Grade 5');
    await page.getByRole('textbox', { name: 'Topic' }).fill('The water cycle');
    // No document yet: no image to put into one.
    expect(await page.getByRole('button', { name: 'Generate image' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Generate' }).click();
    const doc = page.getByTestId('document');
    await doc.getByRole('heading', { name: 'Lesson document' }).waitFor();
    await replyDone(page);

    // Not editing: the image goes at the end, stored with the run at once.
    const insertFirst = await makeImage(page, first);
    const stored = page.waitForResponse((r) => isEdit(r.request().method(), r.url()) && r.status() === 200);
    await insertFirst.click();
    await stored;
    await page.getByRole('status').getByText('Saved', { exact: true }).waitFor();
    const inDoc = (alt: string) => doc.getByRole('img', { name: alt, exact: true });
    await expect.poll(() => loadedWidth(inDoc(first))).toBe(1);
    // It is the document's last block.
    const lastBlockImage = () =>
      doc.evaluate((el) => [...el.querySelectorAll('p, h1, h2, h3, h4, li, table, pre')].at(-1)?.querySelector('img')?.getAttribute('alt'));
    expect(await lastBlockImage()).toBe(first);

    await page.reload();
    await doc.getByRole('heading', { name: 'Lesson document' }).waitFor();
    await expect.poll(() => loadedWidth(inDoc(first))).toBe(1);
    expect(await lastBlockImage()).toBe(first);

    // Editing by hand: the image goes where the cursor was left in the edit box.
    await page.getByRole('button', { name: 'Edit by hand' }).click();
    const editor = page.getByRole('textbox', { name: 'Document text (Markdown)' });
    const kept = await editor.inputValue();
    const firstLine = /!\[[^\]]*\]\(\/api\/files\/[^)]+\)\s*$/.exec(kept)?.[0].trim();
    expect(firstLine).toMatch(new RegExp(`^!\\[${first}\\]\\(/api/files/[0-9a-f-]+\\)$`));
    await editor.fill(`# Water plan\n\nBefore the picture.\n\nAfter the picture.\n\n${firstLine}`);
    await page.getByRole('status').getByText('Saved', { exact: true }).waitFor();
    const cursor = '# Water plan\n\nBefore the picture.'.length;
    await editor.evaluate((el: HTMLTextAreaElement, at) => {
      el.focus();
      el.setSelectionRange(at, at);
    }, cursor);
    const insertSecond = await makeImage(page, second);
    const storedAgain = page.waitForResponse((r) => isEdit(r.request().method(), r.url()) && r.status() === 200);
    await insertSecond.click();
    await storedAgain;
    const secondLine = /!\[[^\]]*\]\(\/api\/files\/[^)]+\)/.exec((await editor.inputValue()).slice(cursor))?.[0];
    expect(secondLine).toMatch(new RegExp(`^!\\[${second}\\]\\(/api/files/[0-9a-f-]+\\)$`));
    expect(await editor.inputValue()).toBe(`# Water plan\n\nBefore the picture.\n\n${secondLine}\n\nAfter the picture.\n\n${firstLine}`);
    await page.getByRole('status').getByText('Saved', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Done editing' }).click();

    // After a reload both show, in the order they were put.
    await page.reload();
    await doc.getByRole('heading', { name: 'Water plan' }).waitFor();
    await expect.poll(() => loadedWidth(inDoc(second))).toBe(1);
    await expect.poll(() => loadedWidth(inDoc(first))).toBe(1);
    expect(await doc.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual([second, first]);
    await shoot(page, 'docbot-images-in-document');

    // The DOCX has each picture between the paragraphs it was put between.
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download Word (.docx)' }).click(),
    ]);
    const zip = await JSZip.loadAsync(await downloaded(download));
    const xml = await zip.file('word/document.xml')!.async('string');
    const paras = paragraphs(xml);
    const at = paras.findIndex((p) => textOf(p) === 'Before the picture.');
    expect(at).toBeGreaterThan(-1);
    expect(paras[at]).not.toContain('<w:drawing>');
    expect(paras[at + 1]).toContain('<w:drawing>');
    expect(paras[at + 1]).toMatch(new RegExp(`<wp:docPr [^>]*descr="${second}"`));
    expect(textOf(paras[at + 2]!)).toBe('After the picture.');
    expect(paras[at + 2]).not.toContain('<w:drawing>');
    expect(paras[at + 3]).toMatch(new RegExp(`<wp:docPr [^>]*descr="${first}"`));
    expect(paras.slice(at + 4).join('')).not.toContain('<w:drawing>');
    expect(xml.match(/<w:drawing>/g)).toHaveLength(2);

    // While a reply is written, an image cannot be inserted; once it ends, it can.
    const insertLater = await makeImage(page, `A rain gauge ${stamp}`);
    expect(await insertLater.isEnabled()).toBe(true);
    await shoot(page, 'docbot-images-panel');
    await page.getByRole('textbox', { name: 'Refine: what should change?' }).fill('Make it much longer [[slow]]');
    await page.getByRole('button', { name: 'Refine', exact: true }).click();
    await doc.getByText(/^Paragraph 3: /).waitFor({ timeout: 20_000 });
    expect(await insertLater.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Stop' }).click();
    await replyDone(page);
    await expect.poll(() => insertLater.isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
