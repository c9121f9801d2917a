// LaTeX as a reader would say it aloud: "\frac{1}{2}" is "1 half", "x^2" is "x squared". Only what
// a school tutor writes is known; any other command is dropped and its arguments read as text.

const greek = [
  'alpha',
  'beta',
  'gamma',
  'delta',
  'epsilon',
  'zeta',
  'eta',
  'theta',
  'iota',
  'kappa',
  'lambda',
  'mu',
  'nu',
  'xi',
  'pi',
  'rho',
  'sigma',
  'tau',
  'upsilon',
  'phi',
  'chi',
  'psi',
  'omega',
];

const named: Record<string, string> = {
  ...Object.fromEntries(greek.flatMap((g) => [[g, g] as const, [g[0]!.toUpperCase() + g.slice(1), g] as const])),
  varepsilon: 'epsilon',
  vartheta: 'theta',
  varphi: 'phi',
  times: 'times',
  cdot: 'times',
  ast: 'times',
  div: 'divided by',
  pm: 'plus or minus',
  mp: 'minus or plus',
  lt: 'is less than',
  gt: 'is greater than',
  le: 'is less than or equal to',
  leq: 'is less than or equal to',
  leqslant: 'is less than or equal to',
  ge: 'is greater than or equal to',
  geq: 'is greater than or equal to',
  geqslant: 'is greater than or equal to',
  ne: 'is not equal to',
  neq: 'is not equal to',
  approx: 'is approximately',
  equiv: 'is equivalent to',
  sim: 'is similar to',
  cong: 'is congruent to',
  propto: 'is proportional to',
  infty: 'infinity',
  degree: 'degrees',
  to: 'to',
  rightarrow: 'gives',
  Rightarrow: 'implies',
  implies: 'implies',
  iff: 'if and only if',
  therefore: 'therefore',
  because: 'because',
  ldots: 'and so on',
  cdots: 'and so on',
  dots: 'and so on',
  sin: 'sine',
  cos: 'cosine',
  tan: 'tangent',
  log: 'log',
  ln: 'natural log',
  lim: 'the limit',
  sum: 'the sum',
  prod: 'the product',
  int: 'the integral of',
  angle: 'angle',
  triangle: 'triangle',
  perp: 'is perpendicular to',
  parallel: 'is parallel to',
  in: 'in',
  notin: 'is not in',
  cup: 'union',
  cap: 'intersection',
  subset: 'is a subset of',
  emptyset: 'the empty set',
  forall: 'for all',
  exists: 'there is',
  percent: 'percent',
};

/** Commands whose first argument is layout, not content (a colour, an environment's name). */
const dropWithArgument = new Set([
  'color',
  'textcolor',
  'begin',
  'end',
  'label',
  'tag',
  'hspace',
  'vspace',
  'phantom',
  'hphantom',
  'vphantom',
]);

const operators: Record<string, string> = {
  '+': 'plus',
  '-': 'minus',
  '=': 'equals',
  '<': 'is less than',
  '>': 'is greater than',
  '*': 'times',
  '/': 'over',
  '!': 'factorial',
  "'": 'prime',
  '%': 'percent',
};

const symbols: Record<string, string> = {
  '%': 'percent',
  $: 'dollars',
  '{': ' ',
  '}': ' ',
  '\\': ', ',
  ',': ' ',
  ';': ' ',
  ':': ' ',
  '!': '',
  ' ': ' ',
};

const ordinals: Record<number, [string, string]> = {
  2: ['half', 'halves'],
  3: ['third', 'thirds'],
  4: ['quarter', 'quarters'],
  5: ['fifth', 'fifths'],
  6: ['sixth', 'sixths'],
  7: ['seventh', 'sevenths'],
  8: ['eighth', 'eighths'],
  9: ['ninth', 'ninths'],
  10: ['tenth', 'tenths'],
};

/** Reads LaTeX left to right; each method returns words with spaces around them. */
const textCommands = new Set(['text', 'textrm', 'textbf', 'textit', 'mathrm', 'mbox', 'operatorname']);

class Reader {
  private i = 0;
  constructor(private readonly src: string) {}

  words(): string {
    let out = '';
    while (this.i < this.src.length) out += this.next();
    return out;
  }

  private next(): string {
    const c = this.src[this.i]!;
    if (c === '\\') return this.command();
    if (c === '{') return ` ${toWords(this.group())} `;
    if (c === '}') {
      this.i++;
      return ' ';
    }
    if (c === '^') {
      this.i++;
      return ` ${power(this.argument())} `;
    }
    if (c === '_') {
      this.i++;
      return ` ${toWords(this.argument())} `;
    }
    if (c === '&' || c === '~') {
      this.i++;
      return ' ';
    }
    this.i++;
    const op = operators[c];
    return op ? ` ${op} ` : c;
  }

  /** The text inside the braces at the cursor (the cursor is on "{"), balanced. */
  private group(): string {
    let depth = 0;
    const start = this.i + 1;
    for (; this.i < this.src.length; this.i++) {
      const c = this.src[this.i];
      if (c === '\\') {
        this.i++;
        continue;
      }
      if (c === '{') depth++;
      if (c === '}' && --depth === 0) {
        this.i++;
        return this.src.slice(start, this.i - 1);
      }
    }
    return this.src.slice(start);
  }

  /** One argument: a braced group, a command, or one character. */
  private argument(): string {
    while (this.src[this.i] === ' ') this.i++;
    const c = this.src[this.i];
    if (c === undefined) return '';
    if (c === '{') return this.group();
    if (c === '\\') {
      const m = /^\\([a-zA-Z]+|.)/.exec(this.src.slice(this.i));
      const raw = m ? m[0] : '\\';
      this.i += raw.length;
      return raw;
    }
    this.i++;
    return c;
  }

  /** An optional [argument], as for \sqrt[3]{x}. */
  private optional(): string | null {
    if (this.src[this.i] !== '[') return null;
    const end = this.src.indexOf(']', this.i);
    if (end < 0) return null;
    const inner = this.src.slice(this.i + 1, end);
    this.i = end + 1;
    return inner;
  }

  private command(): string {
    const m = /^\\([a-zA-Z]+|.?)/.exec(this.src.slice(this.i))!;
    this.i += m[0].length;
    const name = m[1]!;
    if (!/^[a-zA-Z]/.test(name)) return ` ${symbols[name] ?? ''} `;
    if (name === 'frac' || name === 'dfrac' || name === 'tfrac' || name === 'cfrac')
      return ` ${fraction(this.argument(), this.argument())} `;
    if (name === 'sqrt') {
      const index = this.optional();
      return ` ${root(index, this.argument())} `;
    }
    if (name === 'circ') return ' degrees ';
    // Words set in math (\text{well-known}, \mathrm{cm}): read as written, not as operators.
    if (textCommands.has(name)) return ` ${this.argument().replace(/[{}\\]/g, ' ')} `;
    if (dropWithArgument.has(name)) {
      this.argument();
      return ' ';
    }
    const word = named[name];
    // Unknown commands (\left, \mathbf, \text, \quad...) say nothing; their arguments are read.
    return word ? ` ${word} ` : ' ';
  }
}

function fraction(num: string, den: string): string {
  const n = num.trim();
  const d = den.trim();
  if (/^\d+$/.test(n) && /^\d+$/.test(d)) {
    const names = ordinals[Number(d)];
    if (names) return `${n} ${Number(n) === 1 ? names[0] : names[1]}`;
  }
  return `${toWords(num)} over ${toWords(den)}`;
}

function root(index: string | null, radicand: string): string {
  const of = toWords(radicand);
  const n = index?.trim();
  if (!n || n === '2') return `the square root of ${of}`;
  if (n === '3') return `the cube root of ${of}`;
  return `the ${toWords(n)}th root of ${of}`;
}

/** "squared", "cubed", "degrees", or "to the power of n". */
export function power(raw: string): string {
  const p = raw.trim();
  if (p === '2') return 'squared';
  if (p === '3') return 'cubed';
  if (p === '\\circ' || p === '\\degree') return 'degrees';
  return `to the power of ${toWords(p)}`;
}

/** The words of a LaTeX formula, without any of its source. */
export function mathWords(tex: string): string {
  return toWords(tex);
}

function toWords(tex: string): string {
  return new Reader(tex)
    .words()
    .replace(/\s+/g, ' ')
    .replace(/ ([,.])/g, '$1')
    .trim();
}
