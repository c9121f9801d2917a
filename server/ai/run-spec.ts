import type { CrisisLines } from '../../contract/crisis-lines';
import type { Locale } from '../../contract/locale';
/**
 * What a run needs, resolved on the server from the bot and the caller (never from the request).
 * The bots issue provides a resolver for bot conversations; the plain assistant is built here.
 */
export interface RunSpec {
  audience: 'teacher' | 'student';
  botId: string | null;
  /** The bot's instructions (the teacher's system prompt). */
  instructions: string;
  /** Extracted text of the bot's knowledge files. */
  knowledge: { name: string; text: string }[];
  /** A DocBot's filled-in form. */
  inputs: { label: string; value: string }[];
  temperature: number | undefined;
  /** Whose monthly quota the call draws on: the teacher, also for their students (docs/product/roles-and-plans.md#plans-and-limits). */
  poolOwnerId: string;
  /**
   * For student runs: the student's name and e-mail from the app's records, never sent to the
   * provider; `aliases`, other names and addresses the same student goes by (their account's).
   */
  student?: { name: string; email: string; aliases?: string[] };
  /**
   * For student runs: the language the tutor answers in, unless the teacher's instructions name one
   * (a language lesson). The student's own, else their class's, else English (decision 272).
   */
  responseLanguage?: Locale;
  /** The assignment named the language (a language lesson): it holds whatever the student writes in. */
  responseLanguageSetByAssignment?: boolean;
  /** For student runs: the language of the student's pages, which the safe replies are written in (own choice, else class default, else English). */
  replyLocale?: Locale;
  /**
   * For student runs: the crisis lines in effect for the student's school and language (the safe
   * replies name them), read only when a safe reply is written: a turn that needs none reads nothing more.
   */
  crisisLines?: () => Promise<CrisisLines>;
}

export const assistantInstructions =
  'You are a helpful assistant for a teacher. Help plan lessons, write and adapt teaching materials, and answer questions clearly. Use Markdown for structure when it helps.';

/** The spec of a conversation without a bot: the teacher's general assistant. */
export function assistantRunSpec(userId: string): RunSpec {
  return {
    audience: 'teacher',
    botId: null,
    instructions: assistantInstructions,
    knowledge: [],
    inputs: [],
    temperature: undefined,
    poolOwnerId: userId,
  };
}
