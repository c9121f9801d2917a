import type { Translate } from '../i18n';

/** The words of the student tutor page's safety states (issue 16 item 2), in the page's language: a held turn and the help resources. */
export interface SafetyMessages {
  /** As the server says it in the held reply (server/ai/safe-replies.ts heldReply). */
  held: string;
  heldDetail: string;
  help: Record<'title' | 'trustedAdult' | 'elsewhere' | 'hide' | 'show', string> & {
    callOrText: (number: string) => string;
    call: (number: string) => string;
    text: (number: string) => string;
    textWord: (word: string, number: string) => string;
    emergency: (number: string) => string;
    lineIn: (line: string, country: string) => string;
  };
}

/** The safety words from the catalogue (`myAssignments.safety.*`): `safetyMessages(t).help.title`. */
export function safetyMessages(t: Translate): SafetyMessages {
  return {
    held: t('myAssignments.safety.held'),
    heldDetail: t('myAssignments.safety.heldDetail'),
    help: {
      title: t('myAssignments.safety.help.title'),
      trustedAdult: t('myAssignments.safety.help.trustedAdult'),
      elsewhere: t('myAssignments.safety.help.elsewhere'),
      hide: t('myAssignments.safety.help.hide'),
      show: t('myAssignments.safety.help.show'),
      callOrText: (number) => t('myAssignments.safety.help.callOrText', { number }),
      call: (number) => t('myAssignments.safety.help.call', { number }),
      text: (number) => t('myAssignments.safety.help.text', { number }),
      textWord: (word, number) => t('myAssignments.safety.help.textWord', { word, number }),
      emergency: (number) => t('myAssignments.safety.help.emergency', { number }),
      lineIn: (line, country) => t('myAssignments.safety.help.lineIn', { line, country }),
    },
  };
}
