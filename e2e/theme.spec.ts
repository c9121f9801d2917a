// Behaviour: the dark theme is used at first start whatever the system prefers, on every page, and the light/dark choice survives a reload.
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle, useBrowser } from './fixtures/browser';
import { bodyBackground } from './fixtures/ui';

const getBrowser = useBrowser();
const dark = 'rgb(18, 18, 18)';
const light = 'rgb(245, 247, 248)';

describe('themes', () => {
  it('starts dark on the landing page even when the system prefers light, and keeps the toggle across a reload', async () => {
    const context = await contextAs(getBrowser(), null, { colorScheme: 'light' });
    const page = await context.newPage();
    await openAndSettle(page, '/');
    expect(await bodyBackground(page)).toBe(dark);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(() => bodyBackground(page)).toBe(light);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await bodyBackground(page)).toBe(light);
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    await context.close();
  });

  it('starts dark in the teacher layout, and the drawer toggle is kept across a reload and on other pages', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher', { colorScheme: 'light' });
    const page = await context.newPage();
    await openAndSettle(page, '/home/DocBot');
    expect(await bodyBackground(page)).toBe(dark);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(() => bodyBackground(page)).toBe(light);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await bodyBackground(page)).toBe(light);
    await openAndSettle(page, '/privacy-policy');
    expect(await bodyBackground(page)).toBe(light);
    await openAndSettle(page, '/studentAssignments');
    expect(await bodyBackground(page)).toBe(light);
    await context.close();
  });

  it('starts dark in the student layout', async () => {
    const context = await contextAs(getBrowser(), 'student', { colorScheme: 'light' });
    const page = await context.newPage();
    await openAndSettle(page, '/studentAssignments');
    expect(await bodyBackground(page)).toBe(dark);
    await context.close();
  });
});
