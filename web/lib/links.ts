import { paths } from './paths';

/** What /teachAssignments shows, as its query string: the assignment open, and a student's transcript in it. */
export interface TeachAssignmentsView {
  assignment?: string | null;
  record?: string | null;
  /** A TutorBot to preselect in "New assignment" (from a TutorBot card). */
  bot?: string | null;
}

const withQuery = (path: string, entries: [string, string | null | undefined][]) => {
  const query = new URLSearchParams();
  for (const [k, v] of entries) if (v) query.set(k, v);
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
};

/** A shareable address of the assignments page: /teachAssignments?assignment=…&record=… */
export const teachAssignmentsHref = (view: TeachAssignmentsView = {}) =>
  withQuery(paths.teachAssignments.to(), [
    ['assignment', view.assignment],
    ['record', view.record],
    ['bot', view.bot],
  ]);

/** A student's page in My Students (a dialog over the roster): /mystudents?class=…&student=<roster entry id>. */
export const studentPageHref = (entryId: string, classId?: string | null) =>
  withQuery(paths.myStudents.to(), [
    ['class', classId],
    ['student', entryId],
  ]);
