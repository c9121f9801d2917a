/**
 * The words of the LTI 1.3 deep-link picker (docs/decisions/261-lti-1-3.md): a teacher, sent here by
 * their course's LMS, chooses the assignment to place in the course.
 */
export const ltiStrings = {
  title: 'Add an assignment to your course',
  intro:
    'Choose the assignment to place in your course. Its students get it in the class made from the course, and open it from the course signed in to ClassBots.',
  noRequest:
    'This page opens from a course. In your course’s LMS (Canvas, Moodle, Schoology…), add ClassBots to the course, and you come back here to choose an assignment.',
  loading: 'Loading your assignments…',
  loadFailed: 'Your assignments could not be loaded.',
  retry: 'Try again',
  listLabel: 'Your assignments',
  add: 'Add to course',
  /** The button's accessible name: its visible words first, then the assignment it adds. */
  addLabel: (title: string) => `Add to course: ${title}`,
  adding: 'Adding…',
  emptyTitle: 'You have no assignments yet',
  emptyBody: 'Create an assignment, then come back here from your course.',
  create: 'Create an assignment',
};
