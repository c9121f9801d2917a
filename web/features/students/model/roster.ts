import type { RosterStudent } from '../../../../contract/classes';

/**
 * The address an account made by a launch from a course's LMS gets when the LMS sent no verified
 * school address: `lti-<hex>@lti.invalid` (docs/decisions/261-lti-1-3.md). It reaches no one.
 */
export const isCoursePlaceholder = (email: string) => /@lti\.invalid$/i.test(email.trim());

/** A roster entry the course put on, or one with a placeholder address: shown as "From the course", not by its address. */
export const fromCourse = (student: Pick<RosterStudent, 'source' | 'email'>) =>
  student.source === 'lti' || isCoursePlaceholder(student.email);
