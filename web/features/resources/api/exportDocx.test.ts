import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../lib/i18n/messages/en.json';
import es from '../../../lib/i18n/messages/es.json';
import { attachmentName } from './exportDocx';

describe("a runner's Word file name (issue 39, item 20)", () => {
  it("is the bot and today's date in the page's language", () => {
    const day = new Date(2026, 11, 2, 12);
    const name = (locale: string, messages: Record<string, string>) =>
      createIntl({ locale, messages }).formatMessage({ id: 'saved.export.fileName' }, { name: 'Lesson Planner', date: day });
    expect(name('en', en)).toBe('Lesson Planner – December 2, 2026');
    expect(name('es', es)).toBe('Lesson Planner – 2 de diciembre de 2026');
  });

  it("is saved under the server's UTF-8 name, else its ASCII one", () => {
    const both = `attachment; filename="Planificador de leccion.docx"; filename*=UTF-8''${encodeURIComponent('Planificador de lección.docx')}`;
    expect(attachmentName(both, 'document.docx')).toBe('Planificador de lección.docx');
    expect(attachmentName('attachment; filename="Plan.docx"', 'document.docx')).toBe('Plan.docx');
    expect(attachmentName('attachment; filename="Plan.docx"; filename*=UTF-8\'\'%E0%A4%A', 'document.docx')).toBe('Plan.docx');
    expect(attachmentName(null, 'document.docx')).toBe('document.docx');
  });
});
