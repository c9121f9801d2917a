import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedDetail } from '../../../contract/saved';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { makeImage } from '../saved/saved.test-helpers';
import { docxFileName, docxUnicodeFileName } from './markdown-docx';

// DOCX export: the file opens again (mammoth) with its headings, lists, tables, emphasis and images.
let ctx: TestContext;
let teacher: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestContext();
  teacher = await signedIn(ctx, { role: 'teacher' });
});
afterAll(() => ctx.close());

const markdown = (imageId: string) => `# Volcano quiz

## Part A: vocabulary

Answer **every** question in *full* sentences. Use \`magma\` correctly.

- Magma
- Lava
  - Pahoehoe
- Ash

1. What is magma?
2. Where does lava come from?

| Term | Meaning |
|---|---|
| Magma | Molten rock underground |
| Lava | Molten rock on the surface |

The area is $A = \\pi r^2$.

$$
E = mc^2
$$

![A volcano](/api/files/${imageId})
`;

const html = async (res: Response) => {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  return (await mammoth.convertToHtml({ buffer: Buffer.from(await res.arrayBuffer()) })).value;
};

describe('DOCX export', () => {
  it('exports a saved document with headings, lists, tables, emphasis, math and the owner’s image', async () => {
    const image = await makeImage(ctx, { ...teacher.user, role: 'teacher' });
    const item = (await teacher.client.json<SavedDetail>('POST', '/api/saved', { kind: 'document', body: markdown(image.id) })).body;
    const res = await teacher.client.get(`/api/saved/${item.id}/export.docx`);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Volcano quiz\.docx"/);
    const out = await html(res);
    expect(out).toContain('<h1>Volcano quiz</h1>');
    expect(out).toContain('<h2>Part A: vocabulary</h2>');
    expect(out).toContain('<strong>every</strong>');
    expect(out).toContain('<em>full</em>');
    expect(out).toMatch(/<ul><li>Magma<\/li><li>Lava<ul><li>Pahoehoe<\/li><\/ul><\/li><li>Ash<\/li><\/ul>/);
    expect(out).toContain('<ol><li>What is magma?</li><li>Where does lava come from?</li></ol>');
    expect(out).toMatch(
      /<table><thead><tr><th><p><strong>Term<\/strong><\/p><\/th>.*<\/thead><tbody>.*<td><p>Molten rock underground<\/p><\/td>.*<\/tbody><\/table>/,
    );
    // Equations are Word equations now (export.docx-content.test.ts reads them); mammoth skips them, so no LaTeX shows.
    expect(out).toContain('<p>The area is .</p>');
    expect(out).not.toContain('\\pi');
    expect(out).not.toContain('mc^2');
    expect(out).toMatch(/<img [^>]*src="data:image\/png;base64,/);
  });

  it('exports unsaved runner output with POST /api/export/docx and a safe file name', async () => {
    const res = await teacher.client.request('POST', '/api/export/docx', {
      title: 'Quiz: "Friday" / ../../etc',
      markdown: '# Hello\n\n3. three\n4. four',
    });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Quiz Friday etc\.docx"/);
    const out = await html(res);
    expect(out).toContain('<h1>Hello</h1>');
    expect(out).toContain('<ol><li>three</li><li>four</li></ol>');
  });

  it("names the runner's file as it asks (bot and date, in the page's language), not after the document's first heading (issue 39, item 20)", async () => {
    const res = await teacher.client.request('POST', '/api/export/docx', {
      title: 'Unidad 3: los volcanes',
      fileName: 'Planificador de lección – 2 de diciembre de 2026',
      markdown: '# Unidad 3: los volcanes\n\nTexto.',
    });
    expect(res.status).toBe(200);
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="Planificador de leccion 2 de diciembre de 2026\.docx"; /);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).toBe(
      'Planificador de lección – 2 de diciembre de 2026.docx',
    );
    // A name a file system would refuse is made safe in both forms.
    const odd = await teacher.client.request('POST', '/api/export/docx', { fileName: 'a/b:c*?"<>|\u0007 . ', markdown: 'x' });
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(odd.headers.get('content-disposition')!)![1]!)).toBe('a b c.docx');
  });

  it('makes UTF-8 file names safe for file systems', () => {
    expect(docxUnicodeFileName('Zoë: week 1/2')).toBe('Zoë week 1 2.docx');
    expect(docxUnicodeFileName('..hidden..')).toBe('hidden.docx');
    expect(docxUnicodeFileName('CON')).toBe('document.docx');
    expect(docxUnicodeFileName('   ')).toBe('document.docx');
    expect(docxUnicodeFileName('数学 – 小测验')).toBe('数学 – 小测验.docx');
  });

  it('exports a saved conversation as its transcript', async () => {
    const [conversation] = await ctx.database.db
      .insert((await import('../../db/client')).schema.conversation)
      .values({ ownerId: teacher.user.id, title: 'Chat' })
      .returning();
    const { schema } = await import('../../db/client');
    await ctx.database.db.insert(schema.aiMessage).values([
      { conversationId: conversation!.id, seq: 0, role: 'user', text: 'Ideas for a rainy recess?', status: 'complete' },
      { conversationId: conversation!.id, seq: 1, role: 'assistant', text: '- Charades\n- Paper planes', status: 'complete' },
    ]);
    const item = (await teacher.client.json<SavedDetail>('POST', '/api/saved', { kind: 'conversation', conversationId: conversation!.id }))
      .body;
    const out = await html(await teacher.client.get(`/api/saved/${item.id}/export.docx`));
    expect(out).toContain('<h4>You</h4>');
    expect(out).toContain('<ul><li>Charades</li><li>Paper planes</li></ul>');
  });

  it('makes file names safe', () => {
    expect(docxFileName('')).toBe('document.docx');
    expect(docxFileName('Ünïcode – plan')).toBe('Unicode plan.docx');
    expect(docxFileName('a\r\nb"c')).toBe('a bc.docx');
  });
});
