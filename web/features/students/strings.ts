/** The words of the student's record actions on the teacher's student page (issue 16 item 4). */
export const recordStrings = {
  download: 'Download record',
  downloading: 'Preparing…',
  downloadHelp: 'One .zip with the record as a readable page (record.html) and as data (record.json).',
  downloadFailed: 'The record could not be downloaded.',
  delete: 'Delete this student’s data…',
  confirmTitle: (name: string) => `Delete ${name}’s data?`,
  goes: 'What is deleted, for good:',
  goesItems: [
    'their work on your assignments: status, feedback and time',
    'their conversations with your tutors (transcripts)',
    'their trophies and safety flags on your assignments',
    'the student on your class rosters',
  ],
  stays: 'What stays:',
  staysItems: ['the student’s account and anything they do with other teachers', 'your classes and assignments'],
  exportFirst: 'Download the record first if you need to keep a copy.',
  typeToConfirm: (email: string) => `Type ${email} to confirm`,
  confirmLabel: 'Student’s e-mail address',
  mismatch: (email: string) => `That is not the address: type ${email} to confirm.`,
  cancel: 'Cancel',
  confirm: 'Delete data',
  deleting: 'Deleting…',
  deleteFailed: 'The data could not be deleted.',
  deleted: (name: string) => `${name}’s data was deleted.`,
};

/** The words of Google Classroom on My Students: connecting, and importing a course as a class (issue 29 item 2). */
export const classroomStrings = {
  connect: 'Connect Google Classroom',
  reconnect: 'Connect Google Classroom again',
  open: 'Google Classroom',
  title: 'Google Classroom',
  intro:
    'Your active courses in Google Classroom. Import one to make it a class here; import it again later to add new students and take off those who left.',
  loading: 'Reading your courses from Google Classroom…',
  loadFailed: 'Your courses could not be read from Google Classroom.',
  retry: 'Try again',
  noCourses: 'You teach no active course in Google Classroom with this Google account.',
  coursesLabel: 'Your Google Classroom courses',
  course: (name: string, section: string | null) => (section ? `${name} · ${section}` : name),
  importedAlready: 'Imported: importing again brings its students up to date',
  notImported: 'Not imported yet',
  import: 'Import',
  update: 'Import again',
  importLabel: (name: string) => `Import ${name}`,
  updateLabel: (name: string) => `Import ${name} again`,
  importing: 'Importing…',
  imported: (name: string, added: number, removed: number) =>
    `${name}: ${added === 1 ? '1 student added' : `${added} students added`}, ${removed === 1 ? '1 taken off' : `${removed} taken off`}.`,
  withoutAddress: (n: number) =>
    n === 1
      ? 'Google gave no e-mail address for 1 student, who was not added: they can join with the class’s code.'
      : `Google gave no e-mail address for ${n} students, who were not added: they can join with the class’s code.`,
  disconnect: 'Disconnect',
  disconnected: 'Google Classroom is disconnected. Your imported classes stay.',
  close: 'Close',
  landed: {
    connected: 'Google Classroom is connected.',
    denied: 'Google Classroom was not connected: you said no on Google’s page.',
    failed: 'Google Classroom could not be connected. Try again; if you unticked a permission on Google’s page, leave them all ticked.',
  },
};
