import type { Translate } from '../i18n';

/** The words of the student tutor page's safety states (issue 16 item 2), in the page's language: a held turn and the help resources. */
export interface SafetyMessages {
  /** As the server says it in the held reply (server/ai/safe-replies.ts heldReply). */
  held: string;
  heldDetail: string;
  help: Record<
    'title' | 'trustedAdult' | 'call988' | 'call988Detail' | 'text741741' | 'text741741Detail' | 'call911' | 'elsewhere' | 'hide' | 'show',
    string
  >;
}

/** The safety words from the catalogue (`myAssignments.safety.*`): `safetyMessages(t).help.title`. */
export function safetyMessages(t: Translate): SafetyMessages {
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
