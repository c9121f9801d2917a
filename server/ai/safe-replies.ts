import type { SafetyCategory } from './safety';

/**
 * What the student sees in place of a held or blocked reply (docs/product/safety.md#safe-replies),
 * in the student's language. The Spanish texts keep the English ones' shape: the same help lines
 * (the US ones, with findahelpline.com for everywhere else), no one other country's number.
 */

/** The languages the safe replies are written in; English when the student's is not known. */
export type SafetyLocale = 'en' | 'es';

const texts = {
  en: {
    backToLesson: "I'm here to help with your lesson whenever you're ready.",
    selfHarm: [
      "I'm really sorry you're feeling this way. You matter, and you don't have to face this alone.",
      'Please tell a trusted adult right now: a parent, a teacher or your school counsellor.',
      'In the US you can call or text 988 (Suicide & Crisis Lifeline), or text HOME to 741741 (Crisis Text Line). If you are in danger right now, call 911. Outside the US, find a helpline at findahelpline.com.',
      "I'm still here, and your teacher can see this chat so they can help too.",
    ],
    violence:
      "That sounds serious. If you or anyone else might get hurt, please tell a trusted adult right away, and call 911 if someone is in danger now. I can't help with that.",
    sexual: "That's not something I can talk about here.",
    bullying: "Let's keep things kind: words like that can really hurt. If someone is being bullied, a trusted adult can help.",
    personalData: 'Please keep personal details such as phone numbers, addresses and e-mail addresses private, even here.',
    held: "One moment: I'm checking your message.",
    stillHeld: 'One moment: your last message is still being checked.',
    providerBlocked: "I can't answer that one. Let's get back to your lesson: what would you like to work on?",
  },
  es: {
    backToLesson: 'Aquí estoy para ayudarte con tu lección cuando quieras.',
    selfHarm: [
      'Siento mucho que te sientas así. Tú importas, y no tienes que pasar por esto sin ayuda.',
      'Por favor, cuéntaselo ahora mismo a un adulto de confianza: alguien de tu familia, un profesor o la persona de orientación de tu escuela.',
      'En EE. UU. puedes llamar o escribir al 988 (Suicide & Crisis Lifeline, también en español), o enviar HOME por SMS al 741741 (Crisis Text Line). Si estás en peligro ahora mismo, llama al 911. Fuera de EE. UU., busca una línea de ayuda en findahelpline.com.',
      'Sigo aquí, y tu profesor puede ver este chat para ayudarte también.',
    ],
    violence:
      'Eso suena grave. Si tú u otra persona pueden salir heridos, cuéntaselo ahora mismo a un adulto de confianza, y llama al 911 si alguien está en peligro ahora. Con eso no puedo ayudarte.',
    sexual: 'De eso no puedo hablar aquí.',
    bullying: 'Seamos amables: palabras así pueden hacer mucho daño. Si alguien sufre acoso, un adulto de confianza puede ayudar.',
    personalData:
      'Por favor, no compartas datos personales como números de teléfono, direcciones o correos electrónicos, ni siquiera aquí.',
    held: 'Un momento: estoy revisando tu mensaje.',
    stillHeld: 'Un momento: tu último mensaje todavía se está revisando.',
    providerBlocked: 'No puedo responder a eso. Volvamos a tu lección: ¿en qué quieres trabajar?',
  },
} satisfies Record<SafetyLocale, Record<string, string | string[]>>;

const categories = ['self_harm', 'violence', 'sexual', 'bullying', 'personal_data'] as const;

/** What the student sees instead of a model reply, in their language (English by default). */
export function safeReply(category: SafetyCategory, locale: SafetyLocale = 'en'): string {
  const t = texts[locale];
  switch (category) {
    case 'self_harm':
      return t.selfHarm.join('\n\n');
    case 'violence':
      return `${t.violence} ${t.backToLesson}`;
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
export const stillHeldReply = (locale: SafetyLocale = 'en') => texts[locale].stillHeld;

/** The reply when the provider's own filter blocks a student-facing answer. */
export const providerBlockedReplyIn = (locale: SafetyLocale = 'en') => `${texts[locale].providerBlocked} ${texts[locale].backToLesson}`;

/** The category whose safe reply this text is, in either language, if it is one (for the student page's help card). */
export function safeReplyCategory(text: string): SafetyCategory | undefined {
  return categories.find((c) => safeReply(c, 'en') === text || safeReply(c, 'es') === text);
}

/** Whether a stored reply is the held text, in either language. */
export const isHeldReply = (text: string) => text === texts.en.held || text === texts.es.held;
