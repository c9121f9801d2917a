/**
 * Query keys of the teacher's assignments, transcripts and student pages: one factory, so a live
 * event or a write refreshes every page that shows the same thing.
 */
export const assignmentKeys = {
  all: ['assignments'] as const,
  list: () => ['assignments', 'list'] as const,
  details: () => ['assignments', 'detail'] as const,
  detail: (id: string) => ['assignments', 'detail', id] as const,
  transcripts: (assignmentId: string) => ['assignments', 'transcript', assignmentId] as const,
  transcript: (assignmentId: string, recordId: string) => ['assignments', 'transcript', assignmentId, recordId] as const,
  studentPages: () => ['assignments', 'student'] as const,
  studentPage: (entryId: string) => ['assignments', 'student', entryId] as const,
  tutorBots: (tab: 'mine' | 'templates') => ['assignments', 'tutor-bots', tab] as const,
};
