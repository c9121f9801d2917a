/**
 * Every piece of UI text in one place, so a translation can be added by swapping this object.
 * English; the seed's misspelling 'Acount' is written 'Account' (PRODUCT.md section 9).
 */
export const strings = {
  appName: 'ClassBots',
  loading: 'Loading please wait',
  skipToContent: 'Skip to main content',
  topBar: {
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    home: 'ClassBots home',
    getPremium: 'Get Premium',
    /** Ends with the initials the avatar shows, so the visible text is part of the name (WCAG 2.5.3). */
    accountMenu: (name: string, initials: string) => `Account menu for ${name}, initials ${initials}`,
    switchToStudent: 'Switch to Student Account',
    switchToTeacher: 'Switch to Teacher Account',
    logout: 'Logout',
    schoolLogo: (school: string) => `${school} logo`,
  },
  drawer: {
    navigation: 'Main navigation',
    myDocBots: 'My DocBots',
    myChatBots: 'My ChatBots',
    myTutorBots: 'My TutorBots',
    assignments: 'Assignments',
    savedDocs: 'Saved Docs',
    myStudents: 'My Students',
    mySubscription: 'My Subscription',
    support: 'Support',
    adminTools: 'Admin Tools',
    teacherList: 'Teacher List',
    dataDashboard: 'Data Dashboard',
    superAdminTools: 'Super Admin Tools',
    supportTickets: 'Support Tickets',
    allDataDashboard: 'All Data Dashboard',
    myAssignments: 'MyAssignments',
    trophyChart: 'Trophy Chart',
    trophies: (n: number) => `${n} ${n === 1 ? 'trophy' : 'trophies'}`,
    trophiesShown: (shown: number, total: number) =>
      shown < total ? `Showing ${shown} of ${total} trophies` : '',
    noTrophies: 'No trophies yet. Finish an assignment to earn one.',
    disclaimer:
      'Like all AI systems, the assistant has limitations and may produce inaccurate information. Check what it writes before you use it.',
  },
  theme: {
    switchToLight: 'Switch to light theme',
    switchToDark: 'Switch to dark theme',
  },
  subscriptionError: (message: string) => `We could not check your subscription: ${message}`,
  schoolStudentHint: (school: string, email: string) =>
    `You are signed in as a student of ${school}. If you teach there, ask your school's ClassBots admin to add ${email} to the teacher list, then sign out and sign in again.`,
  routeError: {
    title: 'Something went wrong',
    body: 'This page could not be shown. Reloading usually fixes it; if it keeps happening, contact support.',
    reload: 'Reload the page',
  },
  notFound: {
    title: 'Page not found',
    body: 'There is nothing at this address. It may have moved, or the link may be wrong.',
    home: 'Go to the home page',
  },
  pages: {
    student: { title: 'Student preview', body: 'Here you will see your TutorBots as your students meet them.' },
    home: {
      DocBot: { title: 'My DocBots', body: 'Your document bots and the starter library will appear here.' },
      ChatBot: { title: 'My ChatBots', body: 'Your chat bots and the starter library will appear here.' },
      TutorBot: { title: 'My TutorBots', body: 'Your tutor bots and the starter library will appear here.' },
    },
    docBotEditor: { title: 'DocBot editor', body: 'Here you will build and edit a document bot.' },
    chatBotEditor: { title: 'ChatBot editor', body: 'Here you will build and edit a chat bot.' },
    tutorBotEditor: { title: 'TutorBot editor', body: 'Here you will build and edit a tutor bot.' },
    runDocBot: { title: 'Run DocBot', body: 'Here a document bot will write its document.' },
    runChatBot: { title: 'Run ChatBot', body: 'Here you will chat with a chat bot.' },
    runTutorBot: { title: 'Try TutorBot', body: 'Here you will try a tutor bot as a student would meet it.' },
    runStudentTutorBot: { title: 'Tutor', body: 'Here you will work on your assignment with your tutor.' },
    teachAssignments: { title: 'Assignments', body: 'Here you will assign tutor bots to your students and follow their work.' },
    studentAssignments: { title: 'My Assignments', body: 'Your assignments from your teachers will appear here.' },
    savedResources: { title: 'Saved Docs', body: 'The documents and conversations you save will appear here.' },
    myStudents: { title: 'My Students', body: 'Here you will manage your students and classes.' },
    supportTickets: { title: 'Support Tickets', body: 'Every support ticket of this installation will appear here.' },
    superDash: { title: 'All Data Dashboard', body: 'Totals for the whole installation will appear here.' },
    dashboard: { title: 'Data Dashboard', body: "Your school's AI usage will appear here." },
    teacherLists: { title: 'Teacher List', body: "Here you will manage your school's list of teachers." },
    mySubscription: { title: 'My Subscription', body: 'Here you will see and manage your subscription.' },
    contactSupport: { title: 'Support', body: 'Here you will open a support ticket and follow the replies.' },
  },
  subscriptionStatus: {
    label: (status: string) => `Your plan: ${status}`,
  },
  landing: {
    homeLink: 'ClassBots, landing page',
    openApp: 'Open ClassBots',
    goToSignIn: 'Sign in page',
    footer: 'ClassBots: AI bots for teachers and students, hosted by your school.',
    privacyLink: 'Privacy policy',
    heroTitle: 'AI bots for your classroom, under your control',
    heroBody:
      'ClassBots lets teachers build their own AI assistants in minutes: bots that write lesson plans and worksheets, bots to chat with, and tutor bots that guide students step by step without handing over the answers.',
    signedInAs: (name: string) => `You are signed in as ${name}.`,
    teachersTitle: 'For teachers',
    teachers: [
      'DocBots write documents from a short form: lesson plans, quizzes with answer keys, rubrics, parent e-mails, differentiated texts.',
      'ChatBots are assistants with the persona and knowledge you give them, with your own files as context.',
      'TutorBots coach your students through an assignment, and you read every conversation.',
      'Start from more than twenty ready-made templates, then adapt them to your class.',
    ],
    schoolsTitle: 'For schools',
    schools: [
      'One school licence covers every teacher with a school e-mail address.',
      "Admins keep the teacher list and see the school's AI usage.",
      'Runs on your own server. Student names and e-mail addresses are never sent to the AI provider.',
      'Every student message is checked for safety, and teachers see what was flagged.',
    ],
  },
  privacy: {
    title: 'Privacy policy',
    updated: 'This policy applies to this ClassBots installation and everyone who uses it.',
    intro:
      'ClassBots is run by the school, district or organisation that hosts this installation (the operator). This policy explains what ClassBots stores about you, why, who else receives it, how long it is kept, and how to get a copy or have it deleted.',
    contactLead: 'Questions or requests: signed-in users write to',
    contactLink: 'Support',
    contactTail:
      '. Without an account, ask the school or organisation that gave you the address of this site; they run it and answer for it.',
    sections: [
      {
        title: 'What we store and why',
        paragraphs: [
          'Your account: your name, e-mail address, whether you are a teacher or a student, and your password, stored only as a salted hash. We need these to sign you in and to show your work to you alone.',
          'Sign-in records: the sessions of your devices, with their expiry, so you stay signed in; and counts of recent sign-in attempts, so that passwords cannot be guessed.',
          'What you create: your bots, their instructions and knowledge files, the documents and conversations you save, assignments, and the conversations students have with a tutor bot for an assignment. These are the product itself.',
          'For schools: the school licence (school name, e-mail domains, admin addresses, teacher list with building) and the usage figures of AI generations, so admins can see their school\u2019s use.',
          'Subscriptions: the status and period of a paid or granted subscription. When payment by card is enabled, the payment provider keeps the card details; ClassBots never sees or stores them.',
          'Support tickets: what you write to support and the replies.',
        ],
      },
      {
        title: 'What the AI provider receives',
        paragraphs: [
          'To write a document or a reply, ClassBots sends the AI provider configured by the operator (by default Google\u2019s Gemini models) the bot\u2019s instructions, the text of its knowledge files, the form answers or messages of that run, and the earlier messages of the same conversation.',
          'ClassBots never sends student names or e-mail addresses from its records to the AI provider, nor any teacher\u2019s account details. Templates about a student use a [Student] placeholder, and their forms remind teachers not to type real names.',
          'What a person types into a message is sent as typed, so do not type personal details that the task does not need. The operator chooses a provider whose terms do not allow it to train on this data.',
        ],
      },
      {
        title: 'What we do not do',
        paragraphs: [
          'No advertising, no selling or renting of data, no tracking across other sites, and no third-party analytics. The only browser storage ClassBots uses is the sign-in cookie, your theme choice, and, for the current tab only, the page to return to after signing in.',
        ],
      },
      {
        title: 'How long we keep it',
        paragraphs: [
          'Your account and what you create are kept while the account exists. Sessions end after 30 days without use; sign-in attempt counts are removed after a day. Mail links expire: confirmation links after 24 hours, password reset links after one hour.',
          'When an account is deleted, its data is deleted with it, except what the law obliges the operator to keep (such as invoices). Backups made by the operator are overwritten on their normal cycle.',
          'Student work for an assignment is kept while the assignment exists, so the teacher can read and grade it; the teacher or the school can delete it.',
        ],
      },
      {
        title: 'Your copy and deletion',
        paragraphs: [
          'You may ask for a copy of everything ClassBots holds about you, in a common machine-readable format, for a correction, or for deletion of your account and its data. Write to Support from your account; the operator answers within 30 days.',
          'For a student of a school, the school decides with the family: a parent or guardian makes these requests through the school.',
        ],
      },
      {
        title: 'Children\u2019s privacy',
        paragraphs: [
          'Students use ClassBots because their school or teacher invites them. The school acts for the families, and obtains parental consent where the law requires it (for example under COPPA for children under 13 in the United States, or GDPR for children in the EU).',
          'Students see only their own assignments and tutor conversations. Every student message and tutor reply is checked for safety; a message that is blocked or flagged is shown to the student\u2019s teacher on that assignment.',
          'If you believe a child is using ClassBots without the consent required, write to Support and the account will be reviewed and, where needed, deleted.',
        ],
      },
      {
        title: 'Security',
        paragraphs: [
          'Passwords are hashed, connections are encrypted when the operator serves the site over HTTPS, and each teacher\u2019s and school\u2019s data is reachable only by its owners. Sessions end when the password is reset.',
        ],
      },
      {
        title: 'Changes',
        paragraphs: ['When this policy changes in a way that matters, the operator tells users in the app before the change applies.'],
      },
    ],
  },
  auth: {
    panelTitle: 'Sign in to ClassBots',
    createTitle: 'Create your account',
    forgotTitle: 'Reset your password',
    resetTitle: 'Choose a new password',
    email: 'Email',
    password: 'Password',
    name: 'Name',
    newPassword: 'New password',
    signIn: 'Sign in',
    createAccount: 'Create account',
    forgotPassword: 'Forgot password',
    backToSignIn: 'Back to sign in',
    iAmA: 'I am',
    teacher: "I'm a teacher",
    student: "I'm a student",
    sendResetLink: 'Send reset link',
    savePassword: 'Save new password',
    orContinueWith: 'or',
    google: 'Continue with Google',
    microsoft: 'Continue with Microsoft',
    socialRoleHint: 'New to ClassBots? Choose Create account first to say whether you teach or learn.',
    passwordHint: 'At least 8 characters.',
    notVerified: (email: string) =>
      `Your e-mail address is not verified yet. We have sent a new confirmation link to ${email}: open it, then sign in.`,
    wrongCredentials: 'The e-mail address or password is not right.',
    rateLimited: (seconds: number | undefined) =>
      seconds ? `Too many attempts. Try again in ${seconds} seconds.` : 'Too many attempts. Wait a moment and try again.',
    network: 'The ClassBots server could not be reached. Check your connection and try again.',
    failed: 'That did not work. Try again in a moment.',
    signUpDone: (email: string) =>
      `Check your e-mail: we have sent a confirmation link to ${email}. Open it to finish creating your account.`,
    resetSent: (email: string) =>
      `If an account uses ${email}, we have sent it a link to choose a new password. The link works for one hour.`,
    resetDone: 'Your password has been changed. Sign in with your new password.',
    resetLinkInvalid: 'This link has expired or has already been used. Ask for a new one below.',
    fieldRequired: (field: string) => `Enter your ${field.toLowerCase()}.`,
  },
} as const;

export type Strings = typeof strings;
