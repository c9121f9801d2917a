import type { Nodes, Root } from 'mdast';
import { SAVED_TITLE_MAX } from '../../../contract/saved';
import { parseMarkdown } from '../export';

/**
 * Markdown as the plain text a list shows: no #, **, | or $, and LaTeX as readable math
 * ("x² + ½", "(a + b)/2", "√x"). Used for an item's excerpt and for the title it takes from its
 * first heading.
 */

const symbols: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  zeta: 'ζ',
  eta: 'η',
  theta: 'θ',
  vartheta: 'ϑ',
  iota: 'ι',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  xi: 'ξ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  upsilon: 'υ',
  phi: 'φ',
  varphi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Xi: 'Ξ',
  Pi: 'Π',
  Sigma: 'Σ',
  Phi: 'Φ',
  Psi: 'Ψ',
  Omega: 'Ω',
  times: '×',
  cdot: '·',
  div: '÷',
  pm: '±',
  mp: '∓',
  le: '≤',
  leq: '≤',
  ge: '≥',
  geq: '≥',
  neq: '≠',
  ne: '≠',
  approx: '≈',
  equiv: '≡',
  sim: '∼',
  propto: '∝',
  infty: '∞',
  to: '→',
  rightarrow: '→',
  leftarrow: '←',
  Rightarrow: '⇒',
  Leftarrow: '⇐',
  leftrightarrow: '↔',
  Leftrightarrow: '⇔',
  longrightarrow: '⟶',
  longleftarrow: '⟵',
  rightleftharpoons: '⇌',
  uparrow: '↑',
  downarrow: '↓',
  implies: '⇒',
  iff: '⇔',
  degree: '°',
  circ: '∘',
  sum: '∑',
  prod: '∏',
  int: '∫',
  oint: '∮',
  partial: '∂',
  nabla: '∇',
  in: '∈',
  notin: '∉',
  subset: '⊂',
  subseteq: '⊆',
  supset: '⊃',
  cup: '∪',
  cap: '∩',
  emptyset: '∅',
  forall: '∀',
  exists: '∃',
  neg: '¬',
  land: '∧',
  lor: '∨',
  angle: '∠',
  triangle: '△',
  perp: '⊥',
  parallel: '∥',
  therefore: '∴',
  because: '∵',
  ldots: '…',
  cdots: '⋯',
  dots: '…',
  prime: '′',
  langle: '⟨',
  rangle: '⟩',
  lfloor: '⌊',
  rfloor: '⌋',
  lceil: '⌈',
  rceil: '⌉',
  mid: '|',
  vert: '|',
  ell: 'ℓ',
  hbar: 'ℏ',
};
const spaces = new Set([',', ';', ':', '!', ' ', 'quad', 'qquad', 'enspace', 'thinspace']);
const dropped = new Set(['left', 'right', 'big', 'Big', 'bigg', 'Bigg', 'displaystyle', 'textstyle', 'limits', 'nolimits']);
const keepsArgument = new Set([
  'text',
  'textrm',
  'textbf',
  'textit',
  'mathrm',
  'mathbf',
  'mathit',
  'mathsf',
  'mathtt',
  'mathbb',
  'mathcal',
  'boldsymbol',
  'operatorname',
  'mbox',
  'hbox',
  'vec',
  'overline',
  'underline',
  'hat',
  'bar',
  'tilde',
  'dot',
]);
// Arrows that carry words over (and under) them, as in chemistry: "→ (light)".
const labelledArrows: Record<string, string> = {
  xrightarrow: '→',
  xleftarrow: '←',
  xRightarrow: '⇒',
  xLeftarrow: '⇐',
  xleftrightarrow: '↔',
  xrightleftharpoons: '⇌',
};
// \overset{above}{base} and its kin read as their base with the note after it.
const stacked = new Set(['overset', 'underset', 'stackrel']);
const superscripts: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '+': '⁺',
  '-': '⁻',
  '=': '⁼',
  '(': '⁽',
  ')': '⁾',
  n: 'ⁿ',
  i: 'ⁱ',
  x: 'ˣ',
  '°': '°',
  '∘': '°',
};
const subscripts: Record<string, string> = {
  '0': '₀',
  '1': '₁',
  '2': '₂',
  '3': '₃',
  '4': '₄',
  '5': '₅',
  '6': '₆',
  '7': '₇',
  '8': '₈',
  '9': '₉',
  '+': '₊',
  '-': '₋',
  '=': '₌',
  '(': '₍',
  ')': '₎',
  n: 'ₙ',
  i: 'ᵢ',
  x: 'ₓ',
};
const vulgar: Record<string, string> = { '1/2': '½', '1/3': '⅓', '2/3': '⅔', '1/4': '¼', '3/4': '¾', '1/5': '⅕', '1/8': '⅛' };

/** A group in parentheses unless it is one number or symbol (or, in a fraction, one word). */
const grouped = (s: string, word = false) => (/^(\d+(\.\d+)?|.)$/u.test(s) || (word && /^\p{L}+$/u.test(s)) ? s : `(${s})`);
const script = (s: string, map: Record<string, string>, mark: string) =>
  [...s].every((ch) => map[ch]) ? [...s].map((ch) => map[ch]).join('') : `${mark}${grouped(s)}`;

/** LaTeX as readable plain text. Never throws; what it does not know it keeps by name. */
export function latexToText(latex: string): string {
  let i = 0;
  const src = latex;

  const readGroup = (): string => {
    while (src[i] === ' ') i++;
    if (src[i] === '{') {
      i++;
      const out = readUntil('}');
      i++;
      return out;
    }
    if (src[i] === '\\') return readCommand();
    return src[i++] ?? '';
  };

  // An optional [argument]: its text, or '' when there is none.
  const readOptional = (): string => {
    while (src[i] === ' ') i++;
    if (src[i] !== '[') return '';
    const end = src.indexOf(']', i);
    if (end < 0) return '';
    const inner = latexToText(src.slice(i + 1, end));
    i = end + 1;
    return inner;
  };

  const readCommand = (): string => {
    i++; // the backslash
    const name = /^[A-Za-z]+/.exec(src.slice(i))?.[0] ?? src[i] ?? '';
    i += Math.max(1, name.length);
    if (name === 'frac' || name === 'dfrac' || name === 'tfrac') {
      const num = readGroup().trim();
      const den = readGroup().trim();
      return vulgar[`${num}/${den}`] ?? `${grouped(num, true)}/${grouped(den, true)}`;
    }
    if (name === 'sqrt') {
      let index = '';
      if (src[i] === '[') {
        const end = src.indexOf(']', i);
        index = end > i ? src.slice(i + 1, end) : '';
        i = end > i ? end + 1 : i;
      }
      const body = readGroup().trim();
      return `${index ? script(index, superscripts, '') : ''}√${grouped(body)}`;
    }
    if (keepsArgument.has(name)) return readGroup();
    if (labelledArrows[name]) {
      const below = readOptional();
      const above = readGroup().trim();
      const words = [above, below].filter(Boolean).join(', ');
      return words ? ` ${labelledArrows[name]} (${words}) ` : ` ${labelledArrows[name]} `;
    }
    if (stacked.has(name)) {
      const note = readGroup().trim();
      const base = readGroup().trim();
      return note ? `${base} (${note})` : base;
    }
    if (dropped.has(name)) return '';
    if (spaces.has(name)) return ' ';
    if (name === '\\') return ' ';
    if (symbols[name]) return symbols[name];
    return name; // \sin, \log, \%, \{, and anything unknown: its name, readable enough
  };

  function readUntil(close: string | null): string {
    let out = '';
    while (i < src.length && src[i] !== close) {
      const ch = src[i]!;
      if (ch === '\\') out += readCommand();
      else if (ch === '{') {
        i++;
        out += readUntil('}');
        i++;
      } else if (ch === '^' || ch === '_') {
        i++;
        const arg = readGroup().trim();
        out += ch === '^' ? script(arg, superscripts, '^') : script(arg, subscripts, '_');
      } else if (ch === '&') {
        out += ' ';
        i++;
      } else {
        out += ch === '~' ? ' ' : ch;
        i++;
      }
    }
    return out;
  }

  try {
    return readUntil(null).replace(/\s+/g, ' ').trim();
  } catch {
    return latex;
  }
}

const inlineParents = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference']);
const isInline = (type: string) => inlineParents.has(type);

/** The plain text of a Markdown tree's node, blocks separated by a space. */
function plain(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'code':
      return node.value;
    case 'inlineMath':
    case 'math':
      return latexToText(node.value);
    case 'image':
      return node.alt ?? '';
    case 'break':
    case 'thematicBreak':
      return ' ';
    case 'html':
    case 'definition':
    case 'footnoteDefinition':
    case 'yaml':
      return '';
    default: {
      if (!('children' in node)) return '';
      const children: Nodes[] = node.children;
      // Inline content joins as written; a table's cells with commas, its rows with semicolons; blocks with spaces.
      const between = node.type === 'tableRow' ? ', ' : node.type === 'table' ? '; ' : isInline(node.type) ? '' : ' ';
      return children.map(plain).join(between).replace(/\s+/g, ' ');
    }
  }
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

// Lists parse only this much of a long document; the excerpt needs its start.
const EXCERPT_SOURCE = 4_000;
const EXCERPT_MAX = 200;

function parseStart(markdown: string): Root {
  if (markdown.length <= EXCERPT_SOURCE) return parseMarkdown(markdown);
  // At a line break when there is one near the end, so a table or equation is not cut in two.
  const line = markdown.lastIndexOf('\n', EXCERPT_SOURCE);
  return parseMarkdown(markdown.slice(0, line > EXCERPT_SOURCE / 2 ? line : EXCERPT_SOURCE));
}

/** The first paragraph, heading or code block with text in it, however deep (a list's first item). */
function firstLine(nodes: Nodes[]): Nodes | undefined {
  for (const node of nodes) {
    if (!plain(node).trim()) continue;
    if (node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote') return firstLine(node.children);
    return node;
  }
  return undefined;
}

/** A saved document's title when the teacher has not named it: its first heading, else its first line; '' when empty. */
export function titleFromMarkdown(markdown: string): string {
  const tree = parseStart(markdown);
  const heading = tree.children.find((n) => n.type === 'heading');
  const first = heading ?? firstLine(tree.children);
  return first ? clip(plain(first).replace(/\s+/g, ' ').trim(), SAVED_TITLE_MAX) : '';
}

/** The start of a document as plain text, for the list; a first heading that is the title is left out. */
export function excerptOf(markdown: string, title: string): string {
  const blocks = parseStart(markdown).children;
  const start = blocks[0]?.type === 'heading' && plain(blocks[0]).trim() === title.trim() ? 1 : 0;
  const text = blocks.slice(start).map(plain).join(' ').replace(/\s+/g, ' ').trim();
  return clip(text, EXCERPT_MAX);
}
