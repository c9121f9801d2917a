import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Catalogue, MessageId } from './catalogues';
import type { PseudoLocale } from './locales';

// Loaded only when a pseudo-locale is chosen (development and tests): a word of the page that is not
// accented and bracketed (en-XA), or not bracketed right to left (ar-XB), was written outside the
// catalogues.

const accents: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** en-XA: every letter accented, and about a third longer, as German and Spanish often are. */
function accented(text: string): string {
  const body = [...text].map((c) => accents[c] ?? c).join('');
  const padding = Math.ceil(text.replace(/\s/g, '').length * 0.3);
  return padding > 0 ? `${body}${' ~'.repeat(Math.ceil(padding / 2))}` : body;
}

/** ar-XB: the English words, marked right to left so they lay out as an RTL language would. */
function rightToLeft(text: string): string {
  return text.trim() ? `\u202B${text}\u202C` : text;
}

function transform(elements: MessageFormatElement[], change: (text: string) => string): MessageFormatElement[] {
  return elements.map((el) => {
    if (el.type === TYPE.literal) return { ...el, value: change(el.value) };
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(el.options).map(([key, option]) => [key, { ...option, value: transform(option.value, change) }]),
      );
      return { ...el, options };
    }
    if (el.type === TYPE.tag) return { ...el, children: transform(el.children, change) };
    return el;
  });
}

/** The English catalogue made into a pseudo-locale, each message bracketed so cut-off text shows. */
export function pseudoMessages(locale: PseudoLocale, source: Catalogue): Record<MessageId, MessageFormatElement[]> {
  const change = locale === 'en-XA' ? accented : rightToLeft;
  const out = {} as Record<MessageId, MessageFormatElement[]>;
  for (const [id, message] of Object.entries(source) as [MessageId, string][]) {
    const ast = parse(message);
    const open: MessageFormatElement = { type: TYPE.literal, value: '[' };
    const close: MessageFormatElement = { type: TYPE.literal, value: ']' };
    out[id] = [open, ...transform(ast, change), close];
  }
  return out;
}
