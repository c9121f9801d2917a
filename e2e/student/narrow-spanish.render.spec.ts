// Behaviour: at 390 px in Spanish the tutor chat's message box keeps most of the width (Send is its icon), the help resources come in view at once after a self-harm message, and once the student writes again they keep one row (the first line's call button and "Recursos de ayuda") so the box keeps its room; axe passes in both themes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { newAssignment } from '../fixtures/assignments';
import { accessible, shoot, token } from '../fixtures/checks';

const getBrowser = useBrowser();
const size = { width: 390, height: 740 };
/** The message box keeps at least this share of the screen's width. */
const BOX_SHARE = 0.55;

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Tu mensaje' });
const help = (page: Page) => page.getByRole('region', { name: 'No tienes que enfrentar esto sin ayuda' });

const turns = (page: Page) => page.getByRole('list', { name: 'Conversación', exact: true }).getByRole('listitem');

/** Sends a message and waits for the whole reply (its bubble there, Stop gone). */
async function send(page: Page, text: string) {
  const before = await turns(page).count();
  await messageBox(page).fill(text);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect.poll(() => turns(page).count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 2);
  await page.getByRole('button', { name: 'Detener' }).waitFor({ state: 'detached', timeout: 30_000 });
  await messageBox(page).waitFor();
}

async function boxWidth(page: Page): Promise<number> {
  // The outlined field around the textarea: what the student sees as the box.
  const field = messageBox(page).locator('xpath=ancestor::div[contains(@class,"MuiInputBase-root")][1]');
  return (await field.boundingBox())!.width;
}

describe('The tutor chat at 390 px in Spanish', () => {
  it('keeps the message box wide and the help in reach, then in one row (dark, then light)', async () => {
    const context = await contextAs(getBrowser(), 'student', { ...size, language: 'es', locale: 'es-MX', theme: 'dark', bypassCSP: true });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const work = await newAssignment(getBrowser(), 'Estrecho');
    await openAndSettle(page, '/studentAssignments');
    await page
      .getByRole('region', { name: 'Por hacer' })
      .getByRole('button', { name: `Empezar: ${work.title}` })
      .click();
    await page.getByRole('heading', { level: 1, name: work.title }).waitFor();
    expect(await boxWidth(page)).toBeGreaterThanOrEqual(size.width * BOX_SHARE);

    // A self-harm message: the help comes at once, whole and in view.
    await send(page, `[[self-harm]] ya no puedo más ${token()}`);
    await help(page).waitFor();
    const whole = (await help(page).boundingBox())!;
    expect(whole.y).toBeGreaterThanOrEqual(0);
    expect(whole.y + whole.height).toBeLessThanOrEqual(size.height);
    expect(await help(page).getByRole('link', { name: /988/ }).first().getAttribute('href')).toBe('tel:988');
    await accessible(page, size.width);
    await shoot(page, 'tutor-help-390-es-dark', { fullPage: false });

    // Writing again: the help keeps one row, its call button still in reach; the box keeps its width.
    await send(page, `¿Qué es una fracción? ${token()}`);
    const row = (await help(page).boundingBox())!;
    expect(row.height).toBeLessThan(whole.height / 2);
    expect(row.y + row.height).toBeLessThanOrEqual(size.height);
    expect(await help(page).getByRole('link', { name: /988/ }).getAttribute('href')).toBe('tel:988');
    expect(await boxWidth(page)).toBeGreaterThanOrEqual(size.width * BOX_SHARE);
    await accessible(page, size.width);
    await shoot(page, 'tutor-help-compact-390-es-dark', { fullPage: false });
    // "Recursos de ayuda" opens it whole again.
    await help(page).getByRole('button', { name: 'Recursos de ayuda' }).click();
    await expect.poll(async () => (await help(page).boundingBox())!.height).toBeGreaterThan(row.height * 2);

    // Light theme, render-only: the same page reopened keeps the help in one row.
    const light = await contextAs(getBrowser(), 'student', { ...size, language: 'es', locale: 'es-MX', theme: 'light', bypassCSP: true });
    const again = await light.newPage();
    await again.goto(page.url());
    await help(again).getByRole('button', { name: 'Recursos de ayuda' }).waitFor();
    expect((await help(again).boundingBox())!.height).toBeLessThan(whole.height / 2);
    await accessible(again, size.width);
    await shoot(again, 'tutor-help-390-es-light', { fullPage: false });
    expect(errors).toEqual([]);
    await light.close();
    await context.close();
  }, 120_000);
});
