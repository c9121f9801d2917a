import type { Dashboard, DashboardTable } from '../../../contract/school-dashboard';
import type { CsvValue } from '../../lib/csv';

/** The dashboard's tables as CSV rows (server/lib/csv.ts writes them, formula-guarded). */
const counts = ['Generations', 'Input tokens', 'Output tokens', 'Images'];
const countCells = (r: { generations: number; inputTokens: number; outputTokens: number; images: number }) => [
  r.generations,
  r.inputTokens,
  r.outputTokens,
  r.images,
];

/** The header and rows of one table, as the page shows it. */
export function tableRows(d: Pick<Dashboard, DashboardTable>, table: DashboardTable): CsvValue[][] {
  switch (table) {
    case 'daily':
      return [['Day', ...counts], ...d.daily.map((r) => [r.day, ...countCells(r)])];
    case 'teachers':
      return [
        ['Teacher e-mail', 'Name', 'Building', ...counts, 'Generations by students'],
        ...d.teachers.map((r) => [r.email, r.name, r.building ?? '', ...countCells(r), r.studentGenerations]),
      ];
    case 'buildings':
      return [['Building', 'Teachers', ...counts], ...d.buildings.map((r) => [r.building ?? 'No building', r.teachers, ...countCells(r)])];
    case 'bots':
      return [
        ['Bot', 'Kind', 'Owner e-mail', ...counts],
        ...d.bots.map((r) => [
          r.name ?? (r.botId ? 'Deleted bot' : 'Teacher assistant (no bot)'),
          r.kind ?? '',
          r.ownerEmail ?? '',
          ...countCells(r),
        ]),
      ];
    case 'classes':
      return [
        ['Class', 'Section', 'Teacher e-mail', 'Students', ...counts],
        ...d.classes.map((r) => [
          r.name ?? (r.classId ? 'Deleted class' : 'Not from a class'),
          r.section ?? '',
          r.ownerEmail ?? '',
          r.students,
          ...countCells(r),
        ]),
      ];
  }
}

/** A file name of ASCII letters, digits and dashes only: the table and the period. */
export const csvFileName = (table: DashboardTable, from: string, to: string) => `ai-usage-${table}-${from}-to-${to}.csv`;
