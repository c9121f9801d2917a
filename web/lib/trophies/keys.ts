/** Query keys of trophies: the student's own (the Trophy Chart) and one record's (the teacher's dialog). */
export const trophyKeys = {
  all: ['trophies'] as const,
  mine: () => ['trophies', 'mine'] as const,
  records: () => ['trophies', 'record'] as const,
  record: (assignmentId: string, recordId: string) => ['trophies', 'record', assignmentId, recordId] as const,
};
