import { describe, expect, it } from 'vitest';
import { mathWords } from './mathWords';
import { speakableText, speechChunks } from './speakableText';

/** No Markdown or LaTeX source left in what is read. */
function noSource(text: string) {
  expect(text).not.toMatch(/[$#*|`\\{}^]/);
}

describe('speakableText: Markdown', () => {
  it('reads headings, lists and emphasis as sentences without their marks', () => {
    const said = speakableText(
      [
        '# Adding fractions',
        '',
        'First **find** a _common_ denominator:',
        '',
        '- Multiply the *bottom* numbers',
        '- Add ~~them~~ the tops',
        '',
        '1. Write it',
        '2) Check it',
      ].join('\n'),
    );
    expect(said).toBe(
      [
        'Adding fractions.',
        'First find a common denominator:',
        'Multiply the bottom numbers.',
        'Add them the tops.',
        '1. Write it.',
        '2. Check it.',
      ].join('\n'),
    );
  });

  it('reads a link as its text, a bare address as "link", an image as its alt text, and drops HTML', () => {
    const said = speakableText(
      'See [the fractions page](https://example.test/f?a=(1)) or https://example.test/x. ![A pie cut in 4](pie.png) <b>Bold</b> <script>alert(1)</script>ok',
    );
    expect(said).toBe('See the fractions page or link. A pie cut in 4 Bold ok.');
  });

  it('reads code as it stands, without fences or backticks', () => {
    const said = speakableText(['Type `print(2)` then:', '', '```python', 'x = 3', 'print(x)', '```', '', 'Done'].join('\n'));
    expect(said).toBe(['Type print(2) then:', 'x = 3', 'print(x).', 'Done.'].join('\n'));
  });

  it('reads a table row by row, without pipes or the dashes line', () => {
    const said = speakableText(['| Step | Minutes |', '| --- | ---: |', '| Warm-up | 5 |', '| Practice | 20 |'].join('\n'));
    expect(said).toBe(['Step, Minutes.', 'Warm-up, 5.', 'Practice, 20.'].join('\n'));
  });

  it('keeps escaped symbols and money, drops blockquote marks and rules, keeps snake_case words', () => {
    const said = speakableText(['> Tip: 2 \\* 3 is 6, and 2 * 3 too', '', '---', '', 'It costs $5 and $10; see my_var_name.'].join('\n'));
    noSource(said.replace('2 * 3', ''));
    expect(said).toContain('Tip: 2');
    expect(said).toContain('2 times 3 too');
    expect(said).toContain('5 dollars and 10 dollars');
    expect(said).toContain('my_var_name');
  });
});

describe('speakableText: math', () => {
  it('says fractions, powers, roots and operators in words', () => {
    const said = speakableText('The area is $A = \\pi r^2$ and $\\frac{1}{2} \\times \\frac{3}{4} = \\frac{3}{8}$.');
    expect(said).toBe('The area is A equals pi r squared and 1 half times 3 quarters equals 3 eighths.');
  });

  it('reads $$ blocks and \\[ \\] blocks on their own line', () => {
    const said = speakableText(['Solve:', '$$', 'x^{3} - \\sqrt{16} = \\sqrt[3]{27}', '$$', 'and \\[ y \\div 2 \\leq 10 \\]'].join('\n'));
    noSource(said);
    expect(said).toContain('x cubed minus the square root of 16 equals the cube root of 27');
    expect(said).toContain('y divided by 2 is less than or equal to 10');
  });

  it('reads general fractions, other powers and degrees', () => {
    expect(mathWords('\\frac{a+1}{b}')).toBe('a plus 1 over b');
    expect(mathWords('2^{n+1}')).toBe('2 to the power of n plus 1');
    expect(mathWords('90^\\circ')).toBe('90 degrees');
    expect(mathWords('\\dfrac{5}{12}')).toBe('5 over 12');
    expect(mathWords('\\sqrt[4]{x}')).toBe('the 4th root of x');
  });

  it('drops commands it does not know, reading their arguments; drops layout commands and their arguments', () => {
    expect(mathWords('\\boxed{42}')).toBe('42');
    expect(mathWords('\\left( x \\right) \\quad \\mathbf{v}')).toBe('( x ) v');
    expect(mathWords('\\color{red}{7} \\text{ apples}')).toBe('7 apples');
    expect(mathWords('\\begin{aligned} a &= b \\\\ c &= d \\end{aligned}')).toBe('a equals b, c equals d');
    noSource(speakableText('$\\weirdcommand{3} + \\alpha$'));
    expect(speakableText('$\\weirdcommand{3} + \\alpha$')).toBe('3 plus alpha.');
  });

  it('reads LaTeX written without dollar signs as well', () => {
    const said = speakableText('Half is \\frac{1}{2} and x^2 is x times x.');
    expect(said).toBe('Half is 1 half and x squared is x times x.');
  });

  it('leaves nothing of the source in a typical tutor reply', () => {
    const reply = [
      '# Lesson document',
      '',
      'Request: What is $\\frac{1}{2}$ of **ten**?',
      '',
      '| Step | Minutes |',
      '| --- | --- |',
      '| Warm-up | 5 |',
      '',
      'The area of a circle is $A = \\pi r^2$.',
    ].join('\n');
    const said = speakableText(reply);
    noSource(said);
    expect(said).toContain('Request: What is 1 half of ten?');
  });
});

describe('speechChunks', () => {
  it('splits long text between sentences, keeping every word', () => {
    const text = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const chunks = speechChunks(`${text}\nA second line.`, 100);
    expect(chunks.every((c) => c.length <= 100)).toBe(true);
    expect(chunks.at(-1)).toBe('A second line.');
    expect(chunks.join(' ').replace(/\s+/g, ' ')).toBe(`${text} A second line.`);
  });

  it('splits a sentence longer than the limit between words', () => {
    const long = Array.from({ length: 80 }, () => 'word').join(' ');
    const chunks = speechChunks(long, 50);
    expect(chunks.every((c) => c.length <= 50)).toBe(true);
    expect(chunks.join(' ')).toBe(long);
  });
});

describe('speakableText, what the review found', () => {
  it('keeps a comparison written with < and >, and still drops real tags', () => {
    expect(speakableText('Is a<b and c>d true?')).toContain('a<b and c>d');
    expect(speakableText('Line one<br>line two')).not.toContain('<br>');
  });

  it('reads words set in math as words', () => {
    const said = speakableText('$\\text{well-known}$ and $5\\,\\mathrm{cm}$');
    expect(said).toContain('well-known');
    expect(said).not.toContain('minus');
    expect(said).toContain('cm');
  });
});
