import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  addStudentsResult,
  classList,
  classSummary,
  importRosterResult,
  inviteSentResult,
  joinClassResult,
  pasteStudentsResult,
  rosterList,
  type CreateClassInput,
  type ImportRosterInput,
  type NewStudent,
  type UpdateClassInput,
} from '../../../../contract/classes';
import { apiRequest } from '../../../lib/http';
import { useServerCall } from '../../../lib/useServerCall';

/** Query keys of My Students: the class list, and one roster per class. */
export const classKeys = {
  all: ['classes'] as const,
  list: () => ['classes', 'list'] as const,
  roster: (id: string) => ['classes', 'roster', id] as const,
};

const one = (id: string) => `/api/classes/${encodeURIComponent(id)}`;

export const classListQuery = () =>
  queryOptions({
    queryKey: classKeys.list(),
    queryFn: ({ signal }) => apiRequest('/api/classes', classList, { signal }),
    staleTime: 10_000,
  });

export const rosterQuery = (id: string) =>
  queryOptions({
    queryKey: classKeys.roster(id),
    queryFn: ({ signal }) => apiRequest(`${one(id)}/students`, rosterList, { signal }),
    staleTime: 10_000,
  });

export const createClass = (input: CreateClassInput) => apiRequest('/api/classes', classSummary, { method: 'POST', body: input });
export const updateClass = (id: string, input: UpdateClassInput) => apiRequest(one(id), classSummary, { method: 'PATCH', body: input });
export const deleteClass = async (id: string) => {
  await apiRequest(one(id), z.unknown(), { method: 'DELETE' });
};
export const setJoinCode = (id: string, enabled: boolean) =>
  apiRequest(`${one(id)}/join-code`, classSummary, { method: 'PUT', body: { enabled } });
/** `invite`: each student newly on the roster is e-mailed how to sign in (decision 282). */
export const addStudents = (id: string, students: NewStudent[], invite = false) =>
  apiRequest(`${one(id)}/students`, addStudentsResult, { method: 'POST', body: { students, invite } });
/** POST /api/classes/:id/students/paste: the good lines are added, the bad ones answered with why. */
export const pasteStudents = (id: string, text: string, invite = false) =>
  apiRequest(`${one(id)}/students/paste`, pasteStudentsResult, { method: 'POST', body: { text, invite } });
/** POST /api/classes/:id/students/:studentId/invite: the invitation once more (bounded a day). */
export const inviteAgain = (id: string, studentId: string) =>
  apiRequest(`${one(id)}/students/${encodeURIComponent(studentId)}/invite`, inviteSentResult, { method: 'POST', body: {} });
export const removeStudent = async (id: string, studentId: string) => {
  await apiRequest(`${one(id)}/students/${encodeURIComponent(studentId)}`, z.unknown(), { method: 'DELETE' });
};
/** POST /api/classes/import: rows read in the browser; the server checks them again. */
export const importRoster = (input: ImportRosterInput) =>
  apiRequest('/api/classes/import', importRosterResult, { method: 'POST', body: input });

/** POST /api/classes/join: a signed-in student (or anyone with a verified address) joins by code. */
export const joinClass = (code: string) => apiRequest('/api/classes/join', joinClassResult, { method: 'POST', body: { code } });

/** createClass as a hook, for components. */
export const useCreateClass = () => useServerCall(createClass);

/** updateClass as a hook, for components. */
export const useUpdateClass = () => useServerCall(updateClass);

/** deleteClass as a hook, for components. */
export const useDeleteClass = () => useServerCall(deleteClass);

/** setJoinCode as a hook, for components. */
export const useSetJoinCode = () => useServerCall(setJoinCode);

/** addStudents as a hook, for components. */
export const useAddStudents = () => useServerCall(addStudents);

/** pasteStudents as a hook, for components. */
export const usePasteStudents = () => useServerCall(pasteStudents);

/** inviteAgain as a hook, for components. */
export const useInviteAgain = () => useServerCall(inviteAgain);

/** removeStudent as a hook, for components. */
export const useRemoveStudent = () => useServerCall(removeStudent);

/** importRoster as a hook, for components. */
export const useImportRoster = () => useServerCall(importRoster);

/** joinClass as a hook, for components. */
export const useJoinClass = () => useServerCall(joinClass);
