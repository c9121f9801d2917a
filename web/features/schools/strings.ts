import { BUILDING_MAX, TEACHER_IMPORT_MAX_ROWS, type ImportVerdict } from '../../../contract/teacher-lists';

/** The words of /teacherLists (school admins). */
export const teacherListStrings = {
  title: 'Teacher List',
  intro: "The teachers on your school's licence. Everyone on this list gets Premium while the licence runs.",
  loading: 'Loading the teacher list',
  loadFailed: 'The teacher list could not be loaded just now.',
  retry: 'Try again',
  empty: 'No teachers on the list yet. Add them one by one, or import a CSV file with an email and a building column.',
  add: 'Add teacher',
  importCsv: 'Import CSV',
  exportCsv: 'Export CSV',
  count: (n: number) => (n === 1 ? '1 teacher' : `${n.toLocaleString('en-US')} teachers`),
  columns: { email: 'E-mail', building: 'Building', signedUp: 'Signed up', lastSignIn: 'Last sign-in', actions: 'Actions' },
  yes: 'Yes',
  notYet: 'Not yet',
  never: 'Never',
  noBuilding: '—',
  adminChip: 'Admin',
  edit: (email: string) => `Edit building of ${email}`,
  remove: (email: string) => `Remove ${email}`,
  // Licence card
  licence: {
    domains: (d: string[]) => `Domains: ${d.map((x) => `@${x}`).join(', ')}`,
    admins: (a: string[]) => (a.length ? `Admins: ${a.join(', ')}` : 'No admins listed'),
    noEnd: 'The licence has no end date.',
    ends: (day: string, left: number) =>
      left === 0 ? `The licence ends today (${day}).` : `The licence runs until ${day} (${left === 1 ? '1 day' : `${left} days`} left).`,
    endsSoon: (day: string, left: number) =>
      `Your school's licence ends ${left === 0 ? 'today' : left === 1 ? 'tomorrow' : `in ${left} days`}, on ${day}. After that, teachers lose Premium.`,
    expired: (day: string) => `Your school's licence ended on ${day}. Teachers on this list no longer have Premium.`,
    contact: (email: string | null) =>
      email ? `To renew, write to ${email}.` : 'To renew, contact the people who run ClassBots for your school.',
  },
  // Add
  addTitle: 'Add a teacher',
  addBody: (domains: string[]) => `Use their school address (${domains.map((d) => `@${d}`).join(' or ')}).`,
  email: 'E-mail',
  building: 'Building (optional)',
  buildingHelp: `At most ${BUILDING_MAX} characters.`,
  cancel: 'Cancel',
  save: 'Save',
  added: (email: string) => `${email} was added.`,
  // Edit
  editTitle: 'Edit building',
  saved: 'Building saved.',
  // Remove
  removeTitle: 'Remove this teacher?',
  removeBody: (email: string) =>
    `${email} loses Premium at once, and the bots they shared with the school stop being visible to other teachers. Their own bots are kept.`,
  removeConfirm: 'Remove',
  removed: (email: string) => `${email} was removed.`,
  // Import
  importTitle: 'Import teachers from a CSV file',
  importBody: `One teacher per line: email, then building (optional). A header line is fine; commas or semicolons both work. At most ${TEACHER_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows.`,
  chooseFile: 'Choose CSV file',
  fileTooLarge: 'This file is too large (over 780 KB). Split it into smaller files.',
  fileUnreadable: 'This file could not be read. Save it as CSV (UTF-8) and try again.',
  checking: 'Checking the file…',
  previewHeading: 'Check the rows before importing. Nothing has been written yet.',
  line: 'Line',
  verdict: 'Result',
  verdicts: {
    new: 'New',
    unchanged: 'Already on the list',
    already_listed: 'On the list (building kept)',
    building_change: 'Building changes',
    bad: 'Not valid',
    duplicate: 'Repeated in the file',
    off_domain: 'Not a school address',
  } satisfies Record<ImportVerdict, string>,
  was: (b: string | null) => `was ${b ?? 'none'}`,
  summary: (add: number, change: number, skip: number) =>
    `${add} to add, ${change} building ${change === 1 ? 'change' : 'changes'}, ${skip} skipped.`,
  nothingToImport: 'Nothing in this file would change the list.',
  confirm: (n: number) => `Import ${n} ${n === 1 ? 'row' : 'rows'}`,
  chooseAnother: 'Choose another file',
  imported: (added: number, updated: number) => `Imported: ${added} added, ${updated} ${updated === 1 ? 'building' : 'buildings'} changed.`,
} as const;
