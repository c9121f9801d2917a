import { describe, expect, it } from 'vitest';
import { splitAttachment, withAttachment } from './attachment';

describe('a message with an attached file', () => {
  it('comes apart into what was typed and the file, whatever the file holds', () => {
    const file = { name: 'notes (v2).md', text: 'Line one\n```js\ncode()\n```\nAttached file: not this one' };
    const sent = withAttachment('Make questions from this', file);
    expect(sent).toContain('````\nLine one');
    expect(splitAttachment(sent)).toEqual({ text: 'Make questions from this', attachment: file });
    expect(splitAttachment(withAttachment('', file))).toEqual({ text: '', attachment: file });
  });

  it('leaves a message without a real attachment as it was typed', () => {
    for (const text of ['Plain question', 'Attached file: homework.pdf\n\nwhat should I do?', 'Attached file: x\n\n```\nnever closed']) {
      expect(splitAttachment(text)).toEqual({ text, attachment: null });
    }
  });
});
