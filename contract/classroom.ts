import { z } from 'zod';
import { text, uuid } from './common';
import { classSummary } from './classes';

/**
 * Google Classroom (issue 29 item 2, docs/decisions/262-google-classroom.md): a Premium teacher
 * connects their Google account for Classroom, imports a course's students as a class and posts an
 * assignment to a course as coursework. /api/classroom:
 *   GET    /connect                           redirects to Google's consent page (Classroom scopes only)
 *   GET    /callback                          Google's redirect back: the tokens are kept, then /mystudents
 *   GET    /status                            whether Classroom is set up here and the teacher connected
 *   DELETE /connection                        forgets the teacher's tokens
 *   GET    /courses                           the teacher's active courses where they teach
 *   POST   /courses/:courseId/import          the course's students as a class, kept in step on a repeat
 *   POST   /courses/:courseId/coursework      one of the teacher's assignments posted as coursework, once
 */

/** The only scopes asked for: the teacher's courses and rosters (with addresses), and coursework they post. */
export const CLASSROOM_SCOPES = [
  'https://www.googleapis.com/auth/classroom.courses.readonly',
  'https://www.googleapis.com/auth/classroom.rosters.readonly',
  'https://www.googleapis.com/auth/classroom.profile.emails',
  'https://www.googleapis.com/auth/classroom.coursework.students',
] as const;

/** Minutes between "connect" and Google's redirect back. */
export const CLASSROOM_STATE_MINUTES = 10;

/** A Classroom course id as the API answers it (digits); anything else in a URL is not found. */
const COURSE_ID_PATTERN = /^[0-9]{1,40}$/;
export const isCourseId = (value: unknown): value is string => typeof value === 'string' && COURSE_ID_PATTERN.test(value);

/**
 * The error codes of these endpoints, beside the common ones (contract/errors.ts); the web app
 * branches on them.
 */
export const CLASSROOM_ERRORS = {
  /** 404: Google sign-in (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET) is not set up at this installation. */
  notConfigured: 'classroom_not_configured',
  /** 409: the teacher has not connected Google Classroom. */
  notConnected: 'classroom_not_connected',
  /** 409: Google no longer takes the teacher's connection (revoked or expired): connect again. */
  connectionLost: 'classroom_connection_lost',
  /** 400: the callback's state is unknown, used, expired or another teacher's. */
  stateInvalid: 'classroom_state_invalid',
  /** 403: the teacher unticked some of the Classroom permissions on Google's page: connect again with all of them. */
  scopesMissing: 'classroom_scopes_missing',
  /** 403: Google Classroom refused the call (not a teacher of the course, Classroom off for the account). */
  refused: 'classroom_refused',
  /** 502: Google answered something that is not what its API documents. */
  badAnswer: 'classroom_bad_answer',
} as const;

/** Where the callback lands: `/mystudents?classroom=<outcome>`. */
export const CLASSROOM_OUTCOMES = ['connected', 'denied', 'failed'] as const;
export type ClassroomOutcome = (typeof CLASSROOM_OUTCOMES)[number];

/** Google's redirect back: a code and our state, or an error (the teacher said no) and our state. */
export const classroomCallbackQuery = z.object({
  state: text({ max: 200, required: 'The state is missing.' }),
  code: text({ max: 2_000 }).optional(),
  error: text({ max: 200 }).optional(),
});

export const classroomStatus = z.object({
  /** Google sign-in is set up at this installation, so Classroom can be connected. */
  available: z.boolean(),
  /** `lost`: Google refused the teacher's connection since; they must connect again. */
  connection: z.enum(['none', 'connected', 'lost']),
});
export type ClassroomStatus = z.infer<typeof classroomStatus>;

export const classroomCourse = z.object({
  id: z.string(),
  name: z.string(),
  section: z.string().nullable(),
  /** The ClassBots class an earlier import made of it, if any. */
  classId: z.string().nullable(),
});
export type ClassroomCourse = z.infer<typeof classroomCourse>;

export const classroomCourseList = z.object({ courses: z.array(classroomCourse) });
export type ClassroomCourseList = z.infer<typeof classroomCourseList>;

export const importCourseResult = z.object({
  class: classSummary,
  /** True when this import made the class; false when it kept an earlier import's class in step. */
  created: z.boolean(),
  added: z.number().int(),
  removed: z.number().int(),
  alreadyOnRoster: z.number().int(),
  /** Students Google gave no usable e-mail address for: not added. */
  withoutAddress: z.number().int(),
});
export type ImportCourseResult = z.infer<typeof importCourseResult>;

export const postCourseworkInput = z.strictObject({
  assignmentId: uuid('Choose one of your assignments.'),
});
export type PostCourseworkInput = z.input<typeof postCourseworkInput>;

export const postCourseworkResult = z.object({
  courseWorkId: z.string(),
  /** The coursework's page in Classroom. */
  alternateLink: z.string().nullable(),
  /** The class imported from this course, which now has the assignment; null when the course was not imported. */
  classId: z.string().nullable(),
  /** True when it had been posted before: nothing was posted again. */
  alreadyPosted: z.boolean(),
});
export type PostCourseworkResult = z.infer<typeof postCourseworkResult>;
