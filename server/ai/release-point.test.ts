import { describe, expect, it } from 'vitest';
import { releasePoint } from './generation';

// Where a student's reply may be checked and released next (decision 134): the last sentence or
// paragraph end of what was written after `from`; for the first piece, or a long run without
// one, a word end.
describe('releasePoint', () => {
  it('takes the last sentence or paragraph end after the point already checked', () => {
    const text = 'One half. Two quarters! Three what? And then';
    expect(text.slice(0, releasePoint(text, 0, false))).toBe('One half. Two quarters! Three what? ');
    expect(releasePoint(text, 36, false)).toBe(36);
    const paragraphs = '# Fractions\n\nA fraction';
    expect(paragraphs.slice(0, releasePoint(paragraphs, 0, false))).toBe('# Fractions\n\n');
  });

  it('keeps a closing quote or bracket with its sentence, and does not cut a decimal', () => {
    const text = 'She said "stop." (It was 3.5 cm.) Then';
    expect(text.slice(0, releasePoint(text, 0, false))).toBe('She said "stop." (It was 3.5 cm.) ');
    expect(releasePoint('It is 3.5 cm', 0, false)).toBe(0);
  });

  it('releases the first piece at a word end, or whole when it is one word', () => {
    expect('A fraction na'.slice(0, releasePoint('A fraction na', 0, true))).toBe('A fraction ');
    expect(releasePoint('Fractions', 0, true)).toBe(9);
  });

  it('cuts a run of over 240 characters with no sentence end at a word end', () => {
    const run = 'word '.repeat(60) + 'wor';
    expect(releasePoint(run, 0, false)).toBe(300);
    expect(releasePoint('word '.repeat(40), 0, false)).toBe(0);
  });
});
