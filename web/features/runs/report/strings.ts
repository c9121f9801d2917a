import { studentReportReasonText, type StudentReportReason } from '../../../../contract/flags';

/** "Report this answer" (issue 18): the teacher's runners report to support, the student's tutor page to their teacher. */
export const reportStrings = {
  button: 'Report this answer',
  reported: 'Reported',
  chooseReason: 'Choose what is wrong first.',
  support: {
    title: 'Report this answer',
    intro: 'Tell support what is wrong with this answer. Your conversation up to this answer is attached so they can see it.',
    reasonLabel: 'What is wrong?',
    reasons: {
      wrong: 'Wrong or made up',
      harmful: 'Harmful or unsafe',
      unsuitable: 'Not suitable for students',
      other: 'Something else',
    } as const,
    detailsLabel: 'Details (optional)',
    detailsHelp: 'What should it have said? Support reads this with the conversation.',
    send: 'Send to support',
    sending: 'Sending…',
    cancel: 'Cancel',
    close: 'Close',
    subject: (botName: string) => `Reported answer: ${botName}`,
    message: (reason: string, details: string) => `What is wrong: ${reason}${details ? `\n\n${details}` : ''}`,
    sent: 'Sent to support. Follow it in Support.',
    open: 'Open in Support',
    failed: 'The report could not be sent. Check your connection and try again.',
    notYet: 'This answer is not saved yet. Wait for it to finish, then report it.',
  },
  student: {
    title: 'Tell your teacher',
    intro: 'Tell your teacher something is wrong with this answer. Only your teacher sees it.',
    reasonLabel: 'What is wrong?',
    reasons: {
      wrong: 'It is wrong',
      uncomfortable: 'It made me uncomfortable',
      other: 'Something else',
    } satisfies Record<StudentReportReason, string>,
    noteLabel: 'Your words (you can skip this)',
    noteHelp: (left: number) => `${left} letters left`,
    send: 'Send to my teacher',
    sending: 'Sending…',
    cancel: 'Cancel',
    close: 'Close',
    sent: (teacher: string) => `Sent. ${teacher} will see it. Thank you for telling us.`,
    sentBefore: (teacher: string) => `You already told ${teacher} about this answer. Thank you.`,
    failed: 'It could not be sent. Try again in a moment.',
  },
  /** The student's reasons as the teacher reads them (kept with the flag). */
  teacherReads: studentReportReasonText,
};

export type SupportReason = keyof typeof reportStrings.support.reasons;
