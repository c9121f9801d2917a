// Behaviour: at 360 px the drawer is closed and leaves nothing on screen, opens from the menu button or an edge swipe, closes on route change, and nothing scrolls sideways.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle, useBrowser } from './fixtures/browser';
import { scrollsSideways, transitionsDone } from './fixtures/ui';

const getBrowser = useBrowser();
const narrow = { width: 360, height: 740 };

/**
 * A horizontal touch swipe from x0 to x1 at mid-height, in touch events fired in the page (the
 * DevTools protocol's touch input never delivers touchend to the page in headless Chromium).
 */
async function swipe(page: Page, x0: number, x1: number) {
  await page.evaluate(
    async ([from, to]) => {
      const y = 400;
      const target = document.elementFromPoint(from, y) ?? document.body;
      const touch = (x: number) => new Touch({ identifier: 1, target, clientX: x, clientY: y, pageX: x, pageY: y });
      const fire = (type: string, x: number, active: boolean) =>
        target.dispatchEvent(
          new TouchEvent(type, {
            bubbles: true,
            cancelable: true,
            touches: active ? [touch(x)] : [],
            targetTouches: active ? [touch(x)] : [],
            changedTouches: [touch(x)],
          }),
        );
      fire('touchstart', from, true);
      // One move per frame, as a finger's would arrive.
      for (let i = 1; i <= 10; i++) {
        await new Promise((r) => requestAnimationFrame(r));
        fire('touchmove', from + ((to - from) * i) / 10, true);
      }
      fire('touchend', to, false);
    },
    [x0, x1] as const,
  );
}

describe('drawer at 360 px', () => {
  it('teacher layout: closed by default with no item on screen; the menu opens it; a route change closes it', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher', narrow);
    const page = await context.newPage();
    await openAndSettle(page, '/home/DocBot');
    expect(await page.getByRole('link', { name: 'My DocBots' }).count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const item = page.getByRole('link', { name: 'Saved Docs' });
    await item.waitFor();
    // Every item can be reached: nothing (such as the top bar) lies over the open drawer.
    await page.getByRole('link', { name: 'My DocBots' }).click({ trial: true, timeout: 3000 });
    const box = await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    await item.click();
    await page.getByRole('heading', { level: 1, name: 'Saved Docs' }).waitFor();
    await page.getByRole('link', { name: 'My DocBots' }).waitFor({ state: 'detached' });
    expect(await scrollsSideways(page)).toBe(false);
    await context.close();
  });

  it('opens with a swipe from the left edge and closes with a swipe back', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher', { ...narrow, hasTouch: true });
    // Starting at x = 30, outside the 25 px edge zone, opens nothing.
    const page0 = await context.newPage();
    await openAndSettle(page0, '/home/DocBot');
    await swipe(page0, 30, 300);
    // Had the swipe opened the drawer, its slide-in would have run by now.
    await transitionsDone(page0);
    expect(await page0.getByRole('link', { name: 'My DocBots' }).count()).toBe(0);
    await page0.close();
    const page = await context.newPage();
    await openAndSettle(page, '/home/DocBot');
    await swipe(page, 5, 300);
    await page.getByRole('link', { name: 'My DocBots' }).waitFor();
    await swipe(page, 250, 5);
    await page.getByRole('link', { name: 'My DocBots' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('student layout: closed by default, opens to My Assignments and the Trophy Chart, no sideways scroll', async () => {
    const context = await contextAs(getBrowser(), 'student', narrow);
    const page = await context.newPage();
    await openAndSettle(page, '/studentAssignments');
    expect(await page.getByRole('link', { name: 'My Assignments' }).count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'My Assignments' }).waitFor();
    await page.getByRole('heading', { name: 'Trophy Chart' }).waitFor();
    await context.close();
  });

  it('landing and privacy pages do not scroll sideways', async () => {
    const context = await contextAs(getBrowser(), null, narrow);
    const page = await context.newPage();
    await openAndSettle(page, '/');
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(await scrollsSideways(page)).toBe(false);
    await openAndSettle(page, '/privacy-policy');
    expect(await scrollsSideways(page)).toBe(false);
    await context.close();
  });

  it('the wide layout keeps the drawer open by default, and the menu button closes it to a rail', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    await openAndSettle(page, '/home/DocBot');
    const drawerWidth = () => page.evaluate(() => document.querySelector('.MuiDrawer-paper')?.getBoundingClientRect().width);
    expect(await drawerWidth()).toBe(256);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.waitForFunction(() => document.querySelector('.MuiDrawer-paper')?.getBoundingClientRect().width === 56);
    await page.getByRole('link', { name: 'Saved Docs', exact: true }).waitFor();
    await context.close();
  });
});
