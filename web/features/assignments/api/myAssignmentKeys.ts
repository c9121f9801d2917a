/** Query keys of the signed-in person's assignments (the student's side). */
export const myAssignmentKeys = {
  all: ['my-assignments'] as const,
  list: () => [...myAssignmentKeys.all, 'list'] as const,
  detail: (asid: string) => [...myAssignmentKeys.all, 'detail', asid] as const,
};

/** The base path of one record: GET it, POST start/submit, and its chat (see chatEndpoint). */
export const myAssignmentPath = (asid: string) => `/api/my-assignments/${encodeURIComponent(asid)}`;
