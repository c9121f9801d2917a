import { z } from 'zod';

/** The three bot kinds of /home/{type}; any other value is not found. */
export const botType = z.enum(['DocBot', 'ChatBot', 'TutorBot']);
export type BotType = z.infer<typeof botType>;

/** Parameters of the editors (docs/product/routes-and-guards.md#route-parameters). */
export interface EditorParams {
  id: string;
  shared: boolean;
  aec: 'add' | 'edit' | 'copy';
  uid: string;
  sid: string;
}
/** Parameters of the runners; res is a Saved Docs item or `new`. */
export interface RunParams {
  id: string;
  shared: boolean;
  res: string;
  uid: string;
  sid: string;
}

const seg = (v: string) => encodeURIComponent(v);
const editor = (base: string) => (p: EditorParams) => `/${base}/${seg(p.id)}/${String(p.shared)}/${p.aec}/${seg(p.uid)}/${seg(p.sid)}`;
const runner = (base: string) => (p: RunParams) => `/${base}/${seg(p.id)}/${String(p.shared)}/${seg(p.res)}/${seg(p.uid)}/${seg(p.sid)}`;

/**
 * Every route of docs/product/routes-and-guards.md#route-table, named once: `pattern` for the route table, `to` to build
 * a link. Nothing else in web/ spells a path.
 */
export const paths = {
  landing: { pattern: '/', to: () => '/' },
  privacyPolicy: { pattern: '/privacy-policy', to: () => '/privacy-policy' },
  student: { pattern: '/student', to: () => '/student' },
  home: { pattern: '/home/:type', to: (type: BotType) => `/home/${type}` },
  docBotAddEdit: { pattern: '/docbot-add-edit/:id/:shared/:aec/:uid/:sid', to: editor('docbot-add-edit') },
  chatBotAddEdit: { pattern: '/chatbot-add-edit/:id/:shared/:aec/:uid/:sid', to: editor('chatbot-add-edit') },
  tutorBotAddEdit: { pattern: '/tutorbot-add-edit/:id/:shared/:aec/:uid/:sid', to: editor('tutorbot-add-edit') },
  runDocBot: { pattern: '/run-doc-bot/:id/:shared/:res/:uid/:sid', to: runner('run-doc-bot') },
  runChatBot: { pattern: '/run-chat-bot/:id/:shared/:res/:uid/:sid', to: runner('run-chat-bot') },
  runTutorBot: { pattern: '/run-tutor-bot/:id/:shared/:res/:uid/:sid', to: runner('run-tutor-bot') },
  runStudentTutorBot: {
    pattern: '/run-student-tutor-bot/:id/:shared/:res/:uid/:sid/:asid',
    to: (p: RunParams & { asid: string }) => `${runner('run-student-tutor-bot')(p)}/${seg(p.asid)}`,
  },
  teachAssignments: { pattern: '/teachAssignments', to: () => '/teachAssignments' },
  studentAssignments: { pattern: '/studentAssignments', to: () => '/studentAssignments' },
  savedResources: { pattern: '/savedresources', to: () => '/savedresources' },
  /** My Files (issue 25): the teacher's files and generated images, to see and delete. */
  myFiles: { pattern: '/myFiles', to: () => '/myFiles' },
  myStudents: { pattern: '/mystudents', to: () => '/mystudents' },
  /** The Flags inbox (issue 16); `?flag=<id>` opens one flag. */
  flags: { pattern: '/flags', to: (flagId?: string) => (flagId ? `/flags?flag=${seg(flagId)}` : '/flags') },
  supportTickets: { pattern: '/supportTickets', to: () => '/supportTickets' },
  superDash: { pattern: '/superDash', to: () => '/superDash' },
  dashboard: { pattern: '/dashboard', to: () => '/dashboard' },
  teacherLists: { pattern: '/teacherLists', to: () => '/teacherLists' },
  mySubscription: { pattern: '/my-subscription', to: () => '/my-subscription' },
  contactSupport: { pattern: '/contact-support', to: () => '/contact-support' },
  /**
   * The deep-link picker (LTI 1.3, docs/decisions/261-lti-1-3.md): a teacher arrives from their
   * course's LMS with `?request=<signed request>` and chooses the assignment to place in the course.
   */
  ltiDeepLink: {
    pattern: '/lti/deep-link',
    to: (request?: string) => (request ? `/lti/deep-link?request=${seg(request)}` : '/lti/deep-link'),
  },
} as const;
