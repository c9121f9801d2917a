import { mathWords, power } from './mathWords';

// A tutor reply is Markdown with LaTeX math; read aloud it should sound like the page looks, not
// like its source. A few regular expressions rather than the Markdown parser: the parser lives in
// the lazily loaded Markdown chunk, and a play button must answer the click at once.

/** Text kept aside (code, math already in words) so the Markdown rules below cannot touch it. */
class Shelf {
  private readonly items: string[] = [];
  put(text: string): string {
    this.items.push(text);
    return `\uE000${this.items.length - 1}\uE001`;
  }
  restore(text: string): string {
    // Twice: a shelved piece may hold another (inline code inside a link's text).
    const once = (t: string) => t.replace(/\uE000(\d+)\uE001/g, (_, i: string) => this.items[Number(i)] ?? '');
    return once(once(text));
  }
}

const endsSentence = /[.!?:;,…]["'”’)\]]*$/;
const delimiterRow = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** Block-level Markdown, line by line: each heading, list item and table row becomes a sentence. */
function blocks(text: string): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const joined = paragraph.join(' ').trim();
    if (joined) out.push(joined);
    paragraph = [];
  };
  lines.forEach((raw, n) => {
    let line = raw.replace(/^\s{0,3}(>\s?)+/, '');
    if (!line.trim()) return flush();
    // Rules, setext underlines and link definitions are layout only.
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line) || /^\s{0,3}=+\s*$/.test(line)) return flush();
    if (/^\s{0,3}\[[^\]^]+\]:\s*\S+/.test(line)) return;
    if (line.includes('|') && /-/.test(line) && delimiterRow.test(line)) return;
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(\s+#+)?\s*$/.exec(line);
    const nextIsDelimiter = lines[n + 1] !== undefined && lines[n + 1]!.includes('|') && delimiterRow.test(lines[n + 1]!);
    const tableRow = line.trim().startsWith('|') || (line.includes('|') && nextIsDelimiter);
    if (heading) {
      flush();
      paragraph.push(heading[1]!);
      return flush();
    }
    if (tableRow) {
      flush();
      const cells = line
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((c) => c.trim())
        .filter(Boolean);
      paragraph.push(cells.join(', '));
      return flush();
    }
    const bullet = /^\s*[-*+]\s+(\[[ xX]\]\s+)?/.exec(line);
    const numbered = /^\s*(\d{1,9})[.)]\s+/.exec(line);
    if (bullet) {
      flush();
      line = line.slice(bullet[0].length);
    } else if (numbered) {
      flush();
      line = `${numbered[1]}. ${line.slice(numbered[0].length)}`;
    }
    paragraph.push(line.replace(/^\[\^[^\]]+\]:\s*/, '').trim());
  });
  flush();
  return out;
}

/** Inline Markdown: links and images become their text, emphasis marks go, bare addresses are "link". */
function inline(text: string, shelf: Shelf): string {
  return (
    text
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/\[\^[^\]]+\]/g, '')
      .replace(/<(https?:\/\/|mailto:)[^>\s]+>/gi, () => shelf.put('link'))
      .replace(/\bhttps?:\/\/[^\s)]*[^\s).,;:!?]/gi, () => shelf.put('link'))
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
      // HTML a model may write (known tags only: "a<b and c>d" is a comparison, not a tag).
      .replace(
        /<\/?(?:br|p|div|span|sup|sub|b|i|em|strong|u|small|mark|details|summary|kbd|code|pre|table|thead|tbody|tr|td|th|ul|ol|li|hr|h[1-6])(?:\s+[a-zA-Z-]+=(?:"[^"]*"|'[^']*'))*\s*\/?>/gi,
        ' ',
      )
      // A number times a number, before the stars of emphasis are taken away.
      .replace(/(\d)\s*\*\s*(?=\d)/g, '$1 times ')
      .replace(/(?<![\w\\])(\*{1,3}|_{1,3})(?=\S)([\s\S]*?\S)\1(?![*\w])/g, '$2')
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
  );
}

/** LaTeX a model wrote without dollar signs (\frac{1}{2}, x^2): said in words all the same. */
function strayLatex(text: string): string {
  return text
    .replace(/\\[a-zA-Z]+(?:\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\[[^\]\n]*\]))*/g, (tex) => ` ${mathWords(tex)} `)
    .replace(/([\w)])\^(\{[^{}\n]*\}|\d+)/g, (_, base: string, p: string) => `${base} ${power(p.replace(/^\{|\}$/g, ''))}`);
}

/**
 * A Markdown reply as it should be read aloud: the words on the page without Markdown symbols,
 * with math said in words ("$\frac{1}{2}$" is "1 half") and one sentence per heading, list item
 * or table row.
 */
export function speakableText(markdown: string): string {
  const shelf = new Shelf();
  const math = (tex: string) => shelf.put(` ${mathWords(tex)} `);
  let text = markdown
    .replace(/\r\n?/g, '\n')
    // Fenced code is read as it stands; the fences are not.
    .replace(
      /^[ \t]{0,3}(`{3,}|~{3,})[^\n]*\n([\s\S]*?)(?:\n[ \t]{0,3}\1[^\n]*|(?![\s\S]))/gm,
      (_, _f: string, code: string) => `\n${shelf.put(code)}\n`,
    )
    .replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_, _t: string, code: string) => shelf.put(code.trim()))
    .replace(/\\\$/g, () => shelf.put('$'))
    .replace(/\$\$([\s\S]+?)\$\$/g, (_, tex: string) => `\n${math(tex)}\n`)
    .replace(/\\\[([\s\S]+?)\\\]/g, (_, tex: string) => `\n${math(tex)}\n`)
    .replace(/\\\(([\s\S]+?)\\\)/g, (_, tex: string) => math(tex))
    // $...$ is math unless it is money: "$5 and $10" (a closing $ before a digit is not one).
    .replace(/\$(?=\S)([^$\n]*?\S)\$(?!\d)/g, (_, tex: string) => math(tex))
    // Backslash escapes are the character itself, kept from the emphasis rules.
    .replace(/\\([!-/:-@[-`{-~])/g, (_, c: string) => shelf.put(c));
  text = blocks(text)
    .map((b) => strayLatex(inline(b, shelf)))
    .map((b) => b.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((b) => (endsSentence.test(b) ? b : `${b}.`))
    .join('\n');
  return (
    shelf
      .restore(text)
      .replace(/\$(\d[\d,]*(?:\.\d+)?)/g, '$1 dollars')
      // What is left of the markup: lone stars, underscores, hashes, pipes and dollars.
      .replace(/(^|\s)[*_#|~]+(?=\s|$)/g, '$1')
      .replace(/\*{2,}|_{2,}|\$/g, '')
      .replace(/[ \t]+/g, ' ')
      .replace(/ +([.,;:!?])/g, '$1')
      .replace(/^ +| +$/gm, '')
      .trim()
  );
}

/**
 * Pieces of at most about `max` characters, split between sentences where it can: some browsers
 * stop a long utterance part way, so a reply is spoken as a queue of short ones.
 */
export function speechChunks(text: string, max = 220): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    let current = '';
    const sentences = line.split(/(?<=[.!?;:])\s+/);
    for (const sentence of sentences) {
      const words = sentence.length > max ? sentence.split(/\s+/) : [sentence];
      for (const piece of words) {
        if (current && current.length + piece.length + 1 > max) {
          out.push(current);
          current = piece;
        } else current = current ? `${current} ${piece}` : piece;
      }
    }
    if (current.trim()) out.push(current.trim());
  }
  return out;
}
