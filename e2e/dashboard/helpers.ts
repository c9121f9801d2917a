import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { hillviewExpected } from '../fixtures/seed-dashboard';

export const fmt = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** The date `daysAgo` days before today, as the date fields take it. */
export const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const cardValue = (page: Page, name: string) => page.getByTestId(`card-${name}-value`).textContent();

/** Waits for the cards of a period of `days` days and checks each against what the seed metered. */
export async function expectCards(page: Page, days: number) {
  const want = hillviewExpected(days);
  await page.getByTestId('card-generations-value').getByText(fmt(want.generations), { exact: true }).waitFor();
  expect(await cardValue(page, 'generations')).toBe(fmt(want.generations));
  expect(await cardValue(page, 'tokens')).toBe(fmt(want.inputTokens + want.outputTokens));
  expect(await cardValue(page, 'images')).toBe(fmt(want.images));
  expect(await cardValue(page, 'teachers')).toBe(fmt(want.activeTeachers));
  expect(await cardValue(page, 'students')).toBe(fmt(want.activeStudents));
  expect(await cardValue(page, 'flags')).toBe(fmt(want.flags));
  return want;
}

/** Picks a custom period from `from` days ago to today and waits for its cards. */
export async function customPeriod(page: Page, from: number) {
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Custom dates' }).click();
  await page.getByLabel('From', { exact: true }).fill(day(from));
  await page.getByLabel('To', { exact: true }).fill(day(0));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  return expectCards(page, from + 1);
}
