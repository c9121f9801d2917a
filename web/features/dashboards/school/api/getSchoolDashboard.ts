import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboard, type Dashboard, type DashboardTable } from '../../../../../contract/school-dashboard';
import { apiRequest } from '../../../../lib/http';

export interface PeriodDates {
  from: string;
  to: string;
}

const query = (p: PeriodDates) => `?from=${encodeURIComponent(p.from)}&to=${encodeURIComponent(p.to)}`;

/** GET /api/school-admin/dashboard: the school's AI usage for the period (school admins with premium). */
export function getSchoolDashboard(p: PeriodDates, signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest(`/api/school-admin/dashboard${query(p)}`, dashboard, { signal });
}

export const schoolDashboardQuery = (p: PeriodDates) =>
  queryOptions({
    queryKey: ['school-dashboard', p.from, p.to] as const,
    queryFn: ({ signal }) => getSchoolDashboard(p, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useSchoolDashboard = (p: PeriodDates) => useQuery(schoolDashboardQuery(p));

/** The CSV download of one table (a plain link: the browser saves the server's file). */
export const exportUrl = (table: DashboardTable, p: PeriodDates) => `/api/school-admin/dashboard/export/${table}${query(p)}`;
