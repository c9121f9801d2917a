import { describe, expect, it } from 'vitest';
import { imageMarkdown, insertBlock } from './insertImage';

describe('imageMarkdown', () => {
  it('links the file and keeps the prompt as alt text on one line, brackets escaped', () => {
    expect(imageMarkdown('A [big]\n volcano \\ erupting', 'f-1')).toBe('![A \\[big\\] volcano \\\\ erupting](/api/files/f-1)');
  });
});

describe('insertBlock', () => {
  const img = '![x](/api/files/a)';

  it('appends at the end as its own paragraph, whatever the document ends with', () => {
    const out = insertBlock('# T\n\nText.', img);
    expect(out.text).toBe(`# T\n\nText.\n\n${img}\n`);
    expect(out.text.slice(0, out.caret)).toBe(`# T\n\nText.\n\n${img}`);
    expect(insertBlock('# T\n\nText.\n\n\n', img).text).toBe(`# T\n\nText.\n\n${img}\n`);
    expect(insertBlock('', img).text).toBe(`${img}\n`);
  });

  it('goes at the cursor between paragraphs without doubling blank lines', () => {
    const text = '# T\n\nOne.\n\nTwo.';
    const cursor = text.indexOf('One.') + 4;
    const out = insertBlock(text, img, { start: cursor, end: cursor });
    expect(out.text).toBe(`# T\n\nOne.\n\n${img}\n\nTwo.`);
    expect(out.text.slice(0, out.caret)).toBe(`# T\n\nOne.\n\n${img}`);
    const onBlank = text.indexOf('Two.');
    expect(insertBlock(text, img, { start: onBlank, end: onBlank }).text).toBe(`# T\n\nOne.\n\n${img}\n\nTwo.`);
  });

  it('replaces a selection, and splits a paragraph when the cursor is inside it', () => {
    expect(insertBlock('Keep DROP keep', img, { start: 5, end: 10 }).text).toBe(`Keep \n\n${img}\n\nkeep`);
    expect(insertBlock('ab', img, { start: 1, end: 1 }).text).toBe(`a\n\n${img}\n\nb`);
  });

  it('clamps a stale selection to the text', () => {
    expect(insertBlock('ab', img, { start: 50, end: 60 }).text).toBe(`ab\n\n${img}\n`);
  });
});
