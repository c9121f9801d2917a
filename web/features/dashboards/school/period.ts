import { DASHBOARD_MAX_DAYS, daysInPeriod } from '../../../../contract/school-dashboard';
import type { PeriodDates } from './api/getSchoolDashboard';

export const periodChoices = ['7', '30', '90', 'year', 'custom'] as const;
export type PeriodChoice = (typeof periodChoices)[number];

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const todayMs = (now: Date) => Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);

/** The school year starts on 1 August: this one began on the last 1 August on or before today. */
export function schoolYearStart(now = new Date()): string {
  const y = now.getUTCFullYear();
  return now.getUTCMonth() >= 7 ? `${y}-08-01` : `${y - 1}-08-01`;
}

/** The dates of a choice (UTC days, as the server counts them); null for a custom period that is not valid. */
export function periodDates(choice: PeriodChoice, custom: Partial<PeriodDates>, now = new Date()): PeriodDates | null {
  const today = todayMs(now);
  switch (choice) {
    case '7':
    case '30':
    case '90':
      return { from: isoDay(today - (Number(choice) - 1) * DAY_MS), to: isoDay(today) };
    case 'year':
      return { from: schoolYearStart(now), to: isoDay(today) };
    case 'custom':
      return validCustom(custom) ? { from: custom.from!, to: custom.to! } : null;
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export function validCustom(p: Partial<PeriodDates>): boolean {
  if (!p.from || !p.to || !DAY.test(p.from) || !DAY.test(p.to)) return false;
  const days = daysInPeriod(p.from, p.to);
  return Number.isFinite(days) && days >= 1 && days <= DASHBOARD_MAX_DAYS;
}
