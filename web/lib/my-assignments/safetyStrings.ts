import type { Translate } from '../i18n';

/** The words of the student tutor page's safety states (issue 16 item 2): a held turn and the help resources. */
export const safetyStrings = {
  /** As the server says it in the held reply (server/ai/safety.ts heldReplyText). */
  held: "One moment: I'm checking your message.",
  heldDetail: 'The tutor will answer here as soon as the check is done. You can keep this page open.',
  help: {
    title: "You don't have to face this alone",
    trustedAdult: 'Tell a trusted adult now: a parent, a teacher or your school counsellor.',
    call988: 'Call or text 988',
    call988Detail: 'Suicide & Crisis Lifeline (US)',
    text741741: 'Text HOME to 741741',
    text741741Detail: 'Crisis Text Line (US)',
    call911: 'In danger now? Call 911',
    elsewhere: 'Outside the US: findahelpline.com',
    hide: 'Hide',
    show: 'Help resources',
  },
};

/**
 * The same words in the page's language (catalogue keys `myAssignments.safety.*`), shaped like
 * `safetyStrings` so a caller moves over by passing its `t`: `safetyMessages(t).help.title`.
 */
export function safetyMessages(t: Translate): typeof safetyStrings {
  return {
    held: t('myAssignments.safety.held'),
    heldDetail: t('myAssignments.safety.heldDetail'),
    help: {
      title: t('myAssignments.safety.help.title'),
      trustedAdult: t('myAssignments.safety.help.trustedAdult'),
      call988: t('myAssignments.safety.help.call988'),
      call988Detail: t('myAssignments.safety.help.call988Detail'),
      text741741: t('myAssignments.safety.help.text741741'),
      text741741Detail: t('myAssignments.safety.help.text741741Detail'),
      call911: t('myAssignments.safety.help.call911'),
      elsewhere: t('myAssignments.safety.help.elsewhere'),
      hide: t('myAssignments.safety.help.hide'),
      show: t('myAssignments.safety.help.show'),
    },
  };
}
