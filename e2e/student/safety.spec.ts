// Behaviour: on the student's tutor page, a message whose safety check fails is held: the reply says "One moment: I'm checking your message." with a progress indicator, the message box waits, and the page reads the record every few seconds until the re-check releases it and the tutor's answer appears; a message the moderation pass judges self-harm brings the help resources (988, text HOME to 741741, 911, findahelpline.com, a trusted adult) at once, in view without scrolling on a phone; at 1280 px (the journey) and 360 px (a render-only test of the held note and the help) axe passes and nothing scrolls sideways.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot, token } from '../fixtures/checks';
import { replyDone } from '../runs/helpers';
import { startNewAssignment } from '../fixtures/assignments';

const getBrowser = useBrowser();
const HEIGHT = 740;

/** The help resources after a self-harm message: all of them, in view without scrolling. */
async function expectHelpInView(page: Page) {
  await page.getByRole('textbox', { name: 'Your message' }).fill("[[self-harm]] I can't do this anymore");
  await page.getByRole('button', { name: 'Send' }).click();
  const help = page.getByRole('region', { name: "You don't have to face this alone" });
  await help.waitFor({ timeout: 20_000 });
  const text = (await help.textContent()) ?? '';
  for (const words of ['trusted adult', '988', 'HOME to 741741', '911', 'findahelpline.com']) expect(text).toContain(words);
  expect(await help.getByRole('link', { name: /988/ }).getAttribute('href')).toBe('tel:988');
  const boxOf = (await help.boundingBox())!;
  expect(boxOf.y).toBeGreaterThanOrEqual(0);
  expect(boxOf.y + boxOf.height).toBeLessThanOrEqual(HEIGHT);
  return help;
}

describe('The safety check on the student tutor page', () => {
  it("holds a message until it is checked, then shows the tutor's answer; shows help resources at once (1280 px)", async () => {
    const width = 1280;
    const context = await contextAs(getBrowser(), 'student', { width, height: HEIGHT, bypassCSP: true });
    const page = await context.newPage();
    const errors = trackErrors(page);
    await startNewAssignment(page, 'Safety');
    const list = page.getByRole('list', { name: 'Conversation', exact: true });
    const box = page.getByRole('textbox', { name: 'Your message' });

    // The fake's moderation fails for this message (and its quick retry): held.
    await box.fill(`[[hold]] What is a fraction? ${token()}`);
    await page.getByRole('button', { name: 'Send' }).click();
    const note = page.getByTestId('held-note');
    await note.waitFor({ timeout: 20_000 });
    expect(await note.getByText("One moment: I'm checking your message.").isVisible()).toBe(true);
    expect(await note.getByRole('progressbar').count()).toBe(1);
    expect(await list.getByRole('listitem').nth(2).textContent()).toContain("One moment: I'm checking your message.");
    // The message box waits.
    expect(await page.getByRole('textbox', { name: 'Your message' }).count()).toBe(0);
    await accessible(page);
    await shoot(page, `safety-held-${width}`);

    // The re-check (every AI_MODERATION_RECHECK_MS) releases it; the page finds out by itself.
    await list.getByRole('listitem').nth(2).getByText('Request:', { exact: false }).waitFor({ timeout: 30_000 });
    await replyDone(page);
    await note.waitFor({ state: 'detached' });
    expect(await list.getByRole('listitem').nth(2).textContent()).not.toContain('One moment');

    // A reply whose check fails: it streamed, then is withdrawn ("One moment") until the re-check shows it.
    await box.fill(`[[hold-reply]] Explain quarters ${token()}`);
    await page.getByRole('button', { name: 'Send' }).click();
    await note.waitFor({ timeout: 20_000 });
    await expect.poll(() => list.getByRole('listitem').nth(4).textContent()).toContain("One moment: I'm checking your message.");
    await list.getByRole('listitem').nth(4).getByText('Request:', { exact: false }).waitFor({ timeout: 30_000 });
    await note.waitFor({ state: 'detached' });

    // Words the word list misses; the fake's moderation judges them self-harm: help at once, in view.
    const help = await expectHelpInView(page);
    // The safe reply itself carries the resources too, once its bubble has ended.
    await expect.poll(async () => (await list.getByRole('listitem').nth(6).textContent()) ?? '', { timeout: 20_000 }).toContain('988');
    await accessible(page, width);
    await shoot(page, `safety-help-${width}`);

    // Reopened later, the help is still there.
    await page.reload();
    await help.waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  // Render-only: at 360 px, the held note and the help resources (in view without scrolling on a phone).
  it('reads well at 360 px: the held note and the help resources', async () => {
    const width = 360;
    const context = await contextAs(getBrowser(), 'student', { width, height: HEIGHT, bypassCSP: true });
    const page = await context.newPage();
    const errors = trackErrors(page);
    await startNewAssignment(page, 'Safety');
    await page.getByRole('textbox', { name: 'Your message' }).fill(`[[hold]] What is a fraction? ${token()}`);
    await page.getByRole('button', { name: 'Send' }).click();
    const note = page.getByTestId('held-note');
    await note.waitFor({ timeout: 20_000 });
    await accessible(page, width);
    await shoot(page, `safety-held-${width}`);
    await note.waitFor({ state: 'detached', timeout: 30_000 });
    await replyDone(page);
    await expectHelpInView(page);
    await expect
      .poll(
        async () => (await page.getByRole('list', { name: 'Conversation', exact: true }).getByRole('listitem').nth(4).textContent()) ?? '',
        {
          timeout: 20_000,
        },
      )
      .toContain('988');
    await accessible(page, width);
    await shoot(page, `safety-help-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
