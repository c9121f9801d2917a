// Behaviour (1280 px, light; the other widths and themes in dashboard.render.spec.ts): Hillview Academy's admin opens the Data Dashboard;
// the cards show exactly what the seed metered in the last 30 days (failed calls, moderation passes
// and a running call left out), the licence's expiry notice, the flags by severity; the chart has its
// summary sentence; the teachers table's numbers are the seed's; the 90-day and custom periods
// change the numbers as the seed says; the CSV exports download with the period in the file name
// and the same numbers; axe passes. Reads only its own school.
import { describe, expect, it } from 'vitest';
import { contextAs, downloaded, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot } from '../fixtures/checks';
import { hillview } from '../fixtures/seed-dashboard';
import { customPeriod, day, expectCards, fmt } from './helpers';

const getBrowser = useBrowser();
const width = 1280;
const theme = 'light';

describe('Data Dashboard', () => {
  it(`shows the seeded usage at ${width} px (${theme})`, async () => {
    const context = await contextAs(getBrowser(), 'dashAdmin', { width, height: 900, bypassCSP: true, theme });
    const page = await context.newPage();
    const errors = trackErrors(page);
    await openAndSettle(page, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Data Dashboard' }).waitFor();

    // The last 30 days: the cards equal what the seed metered, counted as the page says.
    const want = await expectCards(page, 30);
    expect(await page.getByTestId('card-flags').textContent()).toContain('1 high · 0 medium · 1 low');
    await page
      .getByTestId('expiry-notice')
      .getByText(/ends on .*, in \d+ days/)
      .waitFor();
    expect(await page.getByTestId('chart-summary').textContent()).toContain(`Generations: ${fmt(want.generations)} over 30 days`);
    await page.getByTestId('usage-chart').locator('svg').first().waitFor();

    // By teacher: each teacher's generations, with their building.
    const teachers = page.getByTestId('table-teachers');
    for (const t of hillview.teachers) {
      const row = teachers.getByRole('row').filter({ hasText: t.email });
      await row.waitFor();
      const cells = await row.getByRole('cell').allTextContents();
      expect([t.email, cells[1], cells[2]]).toEqual([t.email, t.building ?? 'No building', fmt(want.byTeacher[t.email]!)]);
    }
    await page.getByTestId('table-classes').getByText('Math 7 (P2)').waitFor();
    await page.getByTestId('table-bots').getByText('Teacher assistant (no bot)').waitFor();
    await page.getByTestId('table-buildings').getByText('East Wing').waitFor();
    // Every header cell has the header's shade, the sticky first one too.
    const shades = await teachers.getByRole('columnheader').evaluateAll((cells) => cells.map((c) => getComputedStyle(c).backgroundColor));
    expect(new Set(shades).size).toBe(1);

    await accessible(page);
    await shoot(page, `dashboard-30-days-${width}-${theme}`);

    // CSV exports: the file is named for the table and period and says what the page says.
    const [teachersCsv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-teachers').click()]);
    expect(teachersCsv.suggestedFilename()).toBe(`ai-usage-teachers-${day(29)}-to-${day(0)}.csv`);
    const lines = (await downloaded(teachersCsv)).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Teacher e-mail,Name,Building,Generations,Input tokens,Output tokens,Images,Generations by students');
    for (const t of hillview.teachers) {
      const line = lines.find((l) => l.startsWith(`${t.email},`))!;
      expect(line.split(',').slice(0, 4)).toEqual([t.email, t.name, t.building ?? '', String(want.byTeacher[t.email])]);
    }
    await page.getByRole('button', { name: 'Numbers per day' }).click();
    const [dailyCsv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-daily').click()]);
    const daily = (await downloaded(dailyCsv)).toString('utf8').trimEnd().split('\r\n').slice(1);
    expect(daily).toHaveLength(30);
    expect(daily.reduce((n, l) => n + Number(l.split(',')[1]), 0)).toBe(want.generations);
    await shoot(page, `dashboard-daily-numbers-${width}`);

    // Another period: the last 90 days.
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 90 days' }).click();
    await expectCards(page, 90);
    expect(new URL(page.url()).searchParams.get('period')).toBe('90');

    // A custom period back to four months ago includes the oldest calls.
    await customPeriod(page, 129);
    await accessible(page);
    await shoot(page, `dashboard-custom-${width}-${theme}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
