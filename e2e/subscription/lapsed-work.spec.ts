// Behaviour: My Subscription tells a teacher whose Premium lapsed that their open assignments keep working on the free plan's AI allowance until it runs out, and that creating assignments or changing classes waits for Premium; a premium teacher and a free teacher with nothing open are not told so.
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../fixtures/axe';
import { contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { transitionsDone } from '../fixtures/ui';

const getBrowser = useBrowser();
const notice =
  "Your 2 open assignments keep working for your students on the free plan's AI allowance (40 a month) until it runs out. Get Premium again to create assignments or change your classes.";

describe('My Subscription after a lapsed plan', () => {
  const cases = [
    { name: 'dark, at 360 px', width: 360, light: false },
    { name: 'light', width: 1280, light: true },
  ];
  for (const c of cases) {
    it(`says what keeps working and what waits for Premium (${c.name})`, async () => {
      const context = await contextAs(getBrowser(), 'lapsedTeacher', { width: c.width, height: 760, bypassCSP: true });
      const page = await context.newPage();
      const errors = trackErrors(page);
      await openAndSettle(page, '/my-subscription');
      if (c.light) {
        await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Switch to light theme' }).click();
        await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
        await page.mouse.move(600, 700);
        await page.getByRole('tooltip').waitFor({ state: 'detached' });
      }
      await page.getByText(notice).waitFor();
      expect(await page.getByTestId('subscription-status').textContent()).toBe('Your plan: not subscribed yet');
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(c.width);
      await transitionsDone(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('says nothing of the kind to a premium teacher or to a free teacher with nothing open', async () => {
    for (const who of ['premiumTeacher', 'freeTeacher'] as const) {
      const context = await contextAs(getBrowser(), who);
      const page = await context.newPage();
      await openAndSettle(page, '/my-subscription');
      await page.getByTestId('subscription-status').waitFor();
      // The lapsed-work answer has arrived (or was not asked for) before looking for the notice.
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('lapsed-work').count(), who).toBe(0);
      await context.close();
    }
  });
});
