// Behaviour: on the student's tutor page the tutor's reply appears in several checked steps while it is written (at 1280 px dark, the journey, and 360 px light, render-only); a reload mid-reply shows only text that a check has passed, and the reply goes on to its end; a reply a check flags halfway is replaced on the page by the safe reply, which is all a reload shows.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot, token } from '../fixtures/checks';
import { replyDone } from '../runs/helpers';
import { startNewAssignment } from '../fixtures/assignments';
import { fakeAiChecks, slowParagraphsSent } from '../fixtures/fake-ai-record';

const getBrowser = useBrowser();

/** Records every text the last turn of the conversation shows, as it changes (window.__shown). */
async function watchLastTurn(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __shown: string[] };
    w.__shown = [];
    const note = () => {
      const turns = document.querySelectorAll('ol[aria-label="Conversation"] > li');
      const text = turns[turns.length - 1]?.textContent ?? '';
      if (w.__shown.at(-1) !== text) w.__shown.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const shown = (page: Page) => page.evaluate(() => (window as unknown as { __shown: string[] }).__shown);

/** The highest "Paragraph N" or "Step N" in a text (0 when none). */
const highest = (text: string, word: string) =>
  Math.max(0, ...[...text.matchAll(new RegExp(`${word} (\\d+):`, 'g'))].map((m) => Number(m[1])));

/** Sends a message and answers the distinct texts its reply's turn showed until the reply ended. */
async function sendAndWatch(page: Page, text: string) {
  await watchLastTurn(page);
  await page.getByRole('textbox', { name: 'Your message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('button', { name: 'Stop' }).waitFor();
  await replyDone(page);
  return (await shown(page)).filter((t) => t.includes('Step '));
}

describe("A student's tutor reply in checked steps", () => {
  it('grows in several steps, shows only checked text after a reload mid-reply, and replaces a reply flagged halfway (1280 px, dark)', async () => {
    const width = 1280;
    const context = await contextAs(getBrowser(), 'student', { width, height: 800, theme: 'dark', colorScheme: 'dark', bypassCSP: true });
    const page = await context.newPage();
    const errors = trackErrors(page);
    await startNewAssignment(page, 'Checked');
    const list = page.getByRole('list', { name: 'Conversation', exact: true });

    // Several steps while the tutor writes, ending with the whole reply.
    const steps = await sendAndWatch(page, `[[steps]] What is a fraction? ${token()}`);
    expect(new Set(steps.map((t) => highest(t, 'Step'))).size).toBeGreaterThanOrEqual(3);
    expect(highest(steps.at(-1)!, 'Step')).toBe(12);
    await accessible(page, width);
    await shoot(page, `checked-stream-steps-${width}`);

    // A reload while the long reply is written: what the page shows has passed a check, and it goes on to the end.
    const marker = token();
    await page.getByRole('textbox', { name: 'Your message' }).fill(`[[slow]] Tell me about the water cycle ${marker}`);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => slowParagraphsSent(marker), { timeout: 20_000 }).toBeGreaterThanOrEqual(15);
    await page.reload();
    await watchLastTurn(page);
    const reattached: { paragraph: number; checked: number }[] = [];
    await expect
      .poll(
        async () => {
          for (const text of await shown(page)) {
            // The checks made by now include every check that released what the page showed.
            const checked = Math.max(0, ...fakeAiChecks().map((c) => highest(c, 'Paragraph')));
            reattached.push({ paragraph: highest(text, 'Paragraph'), checked });
          }
          return highest((await list.getByRole('listitem').last().textContent()) ?? '', 'Paragraph');
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(60);
    for (const r of reattached) expect(r.paragraph).toBeLessThanOrEqual(r.checked);
    await replyDone(page);

    // A reply a check flags halfway: the steps shown before are replaced by the safe reply.
    const flagged = await sendAndWatch(page, `[[flag-half]] Tell me a story ${token()}`);
    expect(flagged.some((t) => t.includes('Step 1:'))).toBe(true);
    for (const t of await shown(page)) expect(t).not.toContain('zebra');
    const last = list.getByRole('listitem').last();
    await expect.poll(() => last.textContent()).toContain('please tell a trusted adult right away');
    expect(await last.textContent()).not.toContain('Step 1:');
    await shoot(page, `checked-stream-flagged-${width}`);
    await page.reload();
    await expect.poll(() => list.getByRole('listitem').last().textContent()).toContain('please tell a trusted adult right away');
    expect(await list.getByRole('listitem').last().textContent()).not.toContain('Step 1:');
    expect(errors).toEqual([]);
    await context.close();
  });

  // Render-only: the steps at a phone's width in the light theme.
  it('grows in several steps at 360 px (light)', async () => {
    const width = 360;
    const context = await contextAs(getBrowser(), 'student', { width, height: 740, theme: 'light', bypassCSP: true });
    const page = await context.newPage();
    await startNewAssignment(page, 'Checked phone');
    const steps = await sendAndWatch(page, `[[steps]] What is a fraction? ${token()}`);
    expect(new Set(steps.map((t) => highest(t, 'Step'))).size).toBeGreaterThanOrEqual(3);
    await accessible(page, width);
    await shoot(page, `checked-stream-steps-${width}`);
    await context.close();
  });
});
