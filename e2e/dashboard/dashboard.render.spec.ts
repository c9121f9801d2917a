// Behaviour: the Data Dashboard of the journey (dashboard.spec.ts, 1280 px light) at 1280 px dark and at 360 px in both themes: the last 30 days with every header cell in the header's shade, at 360 px the teachers table's "scroll sideways" line describing its frame, and in the dark theme the custom period; axe passes on each and nothing scrolls sideways at 360 px.
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, PHONE, shoot } from '../fixtures/checks';
import { DESKTOP, lookName, lookTag, otherLooks } from '../fixtures/looks';
import { customPeriod, expectCards } from './helpers';

const getBrowser = useBrowser();

describe('Data Dashboard: every width and theme', () => {
  for (const look of otherLooks({ width: DESKTOP, theme: 'light' })) {
    it(`reads well at ${lookName(look)}`, async () => {
      const context = await contextAs(getBrowser(), 'dashAdmin', { width: look.width, height: 900, bypassCSP: true, theme: look.theme });
      const page = await context.newPage();
      const errors = trackErrors(page);
      await openAndSettle(page, '/dashboard');
      await expectCards(page, 30);
      await page.getByTestId('usage-chart').locator('svg').first().waitFor();
      await page.getByTestId('table-buildings').getByText('East Wing').waitFor();
      const teachers = page.getByTestId('table-teachers');
      // Every header cell has the header's shade, the sticky first one too.
      const shades = await teachers.getByRole('columnheader').evaluateAll((cells) => cells.map((c) => getComputedStyle(c).backgroundColor));
      expect(new Set(shades).size).toBe(1);
      // At 360 px a table wider than its frame says it scrolls sideways, and its frame is described by that line.
      if (look.width === PHONE) {
        const hint = page.getByTestId('scroll-hint-teachers');
        await hint.waitFor();
        expect(await hint.textContent()).toBe('More columns: scroll the table sideways.');
        expect(await teachers.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));
      }
      await accessible(page, look.width);
      await shoot(page, `dashboard-30-days-${lookTag(look)}`);

      if (look.theme === 'dark') {
        await customPeriod(page, 129);
        await accessible(page, look.width);
        await shoot(page, `dashboard-custom-${lookTag(look)}`);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
