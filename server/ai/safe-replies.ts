import { countryName, defaultCrisisLines, HELPLINE_FINDER, type CrisisLine, type CrisisLines } from '../../contract/crisis-lines';
import type { SafetyCategory } from './safety';

/**
 * What the student sees in place of a held or blocked reply (docs/product/safety.md#safe-replies),
 * in the student's language. The help lines and the emergency number are the ones in effect for
 * the student's school (its own, else the installation's for the language, else the built-in US
 * lines: contract/crisis-lines.ts), with findahelpline.com for everywhere else.
 */

/** The languages the safe replies are written in; English when the student's is not known. */
export type SafetyLocale = 'en' | 'es';

const texts = {
  en: {
    backToLesson: "I'm here to help with your lesson whenever you're ready.",
    selfHarm: [
      "I'm really sorry you're feeling this way. You matter, and you don't have to face this alone.",
      'Please tell a trusted adult right now: a parent, a teacher or your school counsellor.',
      'Help lines ({country}): {lines}. If you are in danger right now, call {emergency}. Elsewhere, find a helpline at {finder}.',
      "I'm still here, and your teacher can see this chat so they can help too.",
    ],
    violence:
      "That sounds serious. If you or anyone else might get hurt, please tell a trusted adult right away, and call {emergency} if someone is in danger now. I can't help with that.",
    safeguarding:
      'Thank you for telling me. What you describe is not okay, and it is not your fault. Please tell a trusted adult you feel safe with, such as a teacher or your school counsellor, as soon as you can: your teacher can see this chat so they can help. If you are in danger right now, call {emergency}.',
    line: {
      callAndText: 'call or text {n}',
      call: 'call {n}',
      text: 'text {n}',
      textWord: 'text {word} to {n}',
      web: 'visit {web}',
      or: ' or ',
    },
    sexual: "That's not something I can talk about here.",
    bullying: "Let's keep things kind: words like that can really hurt. If someone is being bullied, a trusted adult can help.",
    personalData: 'Please keep personal details such as phone numbers, addresses and e-mail addresses private, even here.',
    held: "One moment: I'm checking your message.",
    providerBlocked: "I can't answer that one. Let's get back to your lesson: what would you like to work on?",
  },
  es: {
    backToLesson: 'Aquí estoy para ayudarte con tu lección cuando quieras.',
    selfHarm: [
      'Siento mucho que te sientas así. Tú importas, y no tienes que pasar por esto sin ayuda.',
      'Por favor, cuéntaselo ahora mismo a un adulto de confianza: alguien de tu familia, un profesor o la persona de orientación de tu escuela.',
      'Líneas de ayuda ({country}): {lines}. Si estás en peligro ahora mismo, llama al {emergency}. En otros lugares, busca una línea de ayuda en {finder}.',
      'Sigo aquí, y tu profesor puede ver este chat para ayudarte también.',
    ],
    violence:
      'Eso suena grave. Si tú u otra persona pueden salir heridos, cuéntaselo ahora mismo a un adulto de confianza, y llama al {emergency} si alguien está en peligro ahora. Con eso no puedo ayudarte.',
    safeguarding:
      'Gracias por contármelo. Lo que cuentas no está bien, y no es tu culpa. Por favor, cuéntaselo lo antes posible a un adulto de confianza con quien te sientas seguro, como un docente o la persona de orientación de tu escuela: tu docente puede ver este chat para ayudarte. Si estás en peligro ahora mismo, llama al {emergency}.',
    line: {
      callAndText: 'llama o escribe al {n}',
      call: 'llama al {n}',
      text: 'escribe por SMS al {n}',
      textWord: 'envía {word} por SMS al {n}',
      web: 'entra en {web}',
      or: ' o ',
    },
    sexual: 'De eso no puedo hablar aquí.',
    bullying: 'Seamos amables: palabras así pueden hacer mucho daño. Si alguien sufre acoso, un adulto de confianza puede ayudar.',
    personalData:
      'Por favor, no compartas datos personales como números de teléfono, direcciones o correos electrónicos, ni siquiera aquí.',
    held: 'Un momento: estoy revisando tu mensaje.',
    providerBlocked: 'No puedo responder a eso. Volvamos a tu lección: ¿en qué quieres trabajar?',
  },
} satisfies Record<SafetyLocale, Record<string, string | string[] | Record<string, string>>>;

const categories = ['self_harm', 'safeguarding', 'violence', 'sexual', 'bullying', 'personal_data'] as const;

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** One help line in words: "Crisis Text Line: text HOME to 741741". */
function lineInWords(line: CrisisLine, locale: SafetyLocale): string {
  const w = texts[locale].line;
  const ways: string[] = [];
  if (line.call && line.sms === line.call) ways.push(fill(w.callAndText, { n: line.call }));
  else {
    if (line.call) ways.push(fill(w.call, { n: line.call }));
    if (line.sms) ways.push(fill(line.smsWord ? w.textWord : w.text, { n: line.sms, word: line.smsWord ?? '' }));
  }
  if (line.web) ways.push(fill(w.web, { web: line.web }));
  return `${line.name}: ${ways.join(w.or)}`;
}

/** The self-harm reply's help lines sentence, in the student's language. */
export function crisisLinesInWords(lines: CrisisLines, locale: SafetyLocale = 'en'): string {
  return fill(texts[locale].selfHarm[2]!, {
    country: countryName(lines.country, locale),
    lines: lines.lines.map((l) => lineInWords(l, locale)).join('; '),
    emergency: lines.emergency,
    finder: HELPLINE_FINDER,
  });
}

/**
 * What the student sees instead of a model reply, in their language (English by default), with the
 * crisis lines in effect for them (the built-in ones for the language when none are given).
 */
export function safeReply(category: SafetyCategory, locale: SafetyLocale = 'en', lines: CrisisLines = defaultCrisisLines[locale]): string {
  const t = texts[locale];
  switch (category) {
    case 'self_harm':
      return t.selfHarm.map((p, i) => (i === 2 ? crisisLinesInWords(lines, locale) : p)).join('\n\n');
    case 'safeguarding':
      return `${fill(t.safeguarding, { emergency: lines.emergency })} ${t.backToLesson}`;
    case 'violence':
      return `${fill(t.violence, { emergency: lines.emergency })} ${t.backToLesson}`;
    case 'sexual':
      return `${t.sexual} ${t.backToLesson}`;
    case 'bullying':
      return `${t.bullying} ${t.backToLesson}`;
    case 'personal_data':
      return `${t.personalData} ${t.backToLesson}`;
  }
}

/** What the student sees while a held turn waits for the safety re-check (the held text itself is never shown). */
export const heldReply = (locale: SafetyLocale = 'en') => texts[locale].held;

/** The 409 of a send into a conversation whose last turn is still held. */
/** The reply when the provider's own filter blocks a student-facing answer. */
export const providerBlockedReplyIn = (locale: SafetyLocale = 'en') => `${texts[locale].providerBlocked} ${texts[locale].backToLesson}`;

/** A reply's first sentence, which no setting changes: how a stored safe reply is known again. */
const leadOf = (reply: string) => /^[^.!?]*[.!?]/.exec(reply)?.[0] ?? reply;

/**
 * The category whose safe reply this text is, in either language, if it is one (for the student
 * page's help card). Known by its first sentence and its end, which the crisis lines do not change.
 */
export function safeReplyCategory(text: string): SafetyCategory | undefined {
  return categories.find((c) =>
    (['en', 'es'] as const).some((l) => {
      const reply = safeReply(c, l);
      const last = reply.slice(reply.lastIndexOf(' '));
      return text.startsWith(leadOf(reply)) && text.endsWith(last);
    }),
  );
}

/** Whether a stored reply is the held text, in either language. */
export const isHeldReply = (text: string) => text === texts.en.held || text === texts.es.held;
