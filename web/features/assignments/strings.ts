/** The words of posting an assignment to Google Classroom, on the teacher's assignment page (issue 29 item 2). */
export const classroomPostStrings = {
  open: 'Post to Google Classroom',
  title: 'Post to Google Classroom',
  intro: 'Students see it in the course with a link that opens it here. Posting it again to the same course posts nothing new.',
  loading: 'Reading your courses from Google Classroom…',
  loadFailed: 'Your courses could not be read from Google Classroom.',
  retry: 'Try again',
  coursesLabel: 'Course',
  course: (name: string, section: string | null) => (section ? `${name} · ${section}` : name),
  noCourses: 'You teach no active course in Google Classroom with this Google account.',
  post: 'Post',
  cancel: 'Cancel',
  posted: (course: string) => `Posted to ${course} in Google Classroom.`,
  alreadyPosted: (course: string) => `Already posted to ${course}: nothing was posted again.`,
  notImported: 'The course is not imported as a class here: import it on My Students so its students get this assignment.',
};
