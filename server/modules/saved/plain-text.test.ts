import { describe, expect, it } from 'vitest';
import { SAVED_TITLE_MAX } from '../../../contract/saved';
import { excerptOf, latexToText, titleFromMarkdown } from './plain-text';

describe('latexToText', () => {
  it.each([
    ['x^2 + y^2 = r^2', 'x² + y² = r²'],
    ['\\frac{1}{2} + \\frac{a+b}{c}', '½ + (a+b)/c'],
    ['\\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}', '(-b ± √(b²-4ac))/(2a)'],
    ['A = \\pi r^2', 'A = π r²'],
    ['x_1, x_{n+1}', 'x₁, xₙ₊₁'],
    ['e^{i\\theta}', 'e^(iθ)'],
    ['\\sqrt[3]{8} = 2', '³√8 = 2'],
    ['90^\\circ', '90°'],
    ['3 \\times 4 \\div 2 \\leq 6', '3 × 4 ÷ 2 ≤ 6'],
    ['\\text{speed} = \\frac{\\text{distance}}{\\text{time}}', 'speed = distance/time'],
    ['\\left( \\frac{a}{b} \\right)', '( a/b )'],
    ['\\sin x + \\unknown{y}', 'sin x + unknowny'],
    // A labelled arrow was read as its name glued to its label: "xrightarrowlight".
    ['6\\,\\mathrm{CO_2} \\xrightarrow{\\text{light}} \\mathrm{O_2}', '6 CO₂ → (light) O₂'],
    ['A \\xrightleftharpoons[\\text{cold}]{\\text{heat}} B', 'A ⇌ (heat, cold) B'],
    ['a \\xrightarrow{} b', 'a → b'],
    ['\\overset{?}{=}', '= (?)'],
  ])('%s → %s', (latex, text) => {
    expect(latexToText(latex)).toBe(text);
  });

  it('never throws on broken input', () => {
    for (const broken of ['\\frac{a', '{{{', '^', '\\', '\\sqrt[', '}}}']) expect(typeof latexToText(broken)).toBe('string');
  });
});

describe('titleFromMarkdown', () => {
  it('takes the first heading as plain text, math readable', () => {
    expect(titleFromMarkdown('Intro line\n\n## Solving **$x^2 = 4$** by *hand*\n\n# Later')).toBe('Solving x² = 4 by hand');
  });
  it('takes the first line without a heading, and nothing from an empty text', () => {
    expect(titleFromMarkdown('\n\n- Dear [parents](https://example.org), hello\n- second')).toBe('Dear parents, hello');
    expect(titleFromMarkdown('  \n ')).toBe('');
  });
  it('keeps within the title limit', () => {
    const title = titleFromMarkdown(`# ${'word '.repeat(100)}`);
    expect(title.length).toBe(SAVED_TITLE_MAX);
    expect(title.endsWith('…')).toBe(true);
  });
});

describe('excerptOf', () => {
  const doc = [
    '# Area of a circle',
    'The area is $A = \\pi r^2$, and **half** of it is $\\frac{1}{2}\\pi r^2$.',
    '$$\nC = 2\\pi r\n$$',
    '| Shape | Area |\n|---|:-:|\n| Circle | $\\pi r^2$ |',
    '- [x] done\n- `code` and ~~strike~~',
    '![A diagram](/api/files/abc) > quoted',
  ].join('\n\n');

  it('shows text, not Markdown or LaTeX source', () => {
    const text = excerptOf(doc, 'Area of a circle');
    expect(text).toBe(
      'The area is A = π r², and half of it is ½π r². C = 2π r Shape, Area; Circle, π r² done code and strike A diagram > quoted',
    );
    expect(text).not.toMatch(/[#*|$\\]/);
  });

  it('keeps a first heading that is not the title', () => {
    expect(excerptOf('# Quiz\n\nOne', 'Renamed')).toBe('Quiz One');
  });

  it('is short, from the start of a long document', () => {
    const text = excerptOf(`# T\n\n${'Long sentence here. '.repeat(5000)}`, 'T');
    expect(text.length).toBe(200);
    expect(text.endsWith('…')).toBe(true);
  });
});
