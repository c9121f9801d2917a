export const assignmentPath = (id: string) => `/api/assignments/${encodeURIComponent(id)}`;
export const recordPath = (assignmentId: string, recordId: string) =>
  `${assignmentPath(assignmentId)}/students/${encodeURIComponent(recordId)}`;
