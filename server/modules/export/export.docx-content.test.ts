import { deflateSync, crc32 } from 'node:zlib';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { SavedDetail } from '../../../contract/saved';
import { signedIn } from '../../../tests/harness';
import type { TestContext } from '../../../tests/harness';
import { imageBotOf, key } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { storeBufferAsFile } from '../files/files.service';
import { resolveSubscription } from '../../core/plan';
import { latexToOmml } from './math-omml';

// What a teacher hands out: the DOCX's own XML, unzipped, holds Word equations, the generated
// image's bytes where the Markdown put it, and the table as a Word table with a header row.
let ctx: TestContext;
useAiTest((t) => ({ ctx } = t));

interface Docx {
  xml: string;
  media: (rId: string) => Promise<Buffer>;
}

async function openDocx(res: Response): Promise<Docx> {
  expect(res.status).toBe(200);
  const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
  const xml = await zip.file('word/document.xml')!.async('string');
  const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
  return {
    xml,
    media: async (rId) => {
      const target = new RegExp(`<Relationship [^>]*Id="${rId}"[^>]*Target="([^"]+)"`).exec(rels)?.[1];
      expect(target).toMatch(/^media\//);
      return zip.file(`word/${target}`)!.async('nodebuffer');
    },
  };
}

/** The body's top-level blocks (paragraphs and tables), in order, as XML strings. */
function blocks(xml: string): string[] {
  const body = xml.slice(xml.indexOf('<w:body>') + 8, xml.indexOf('<w:sectPr'));
  const out: string[] = [];
  let i = 0;
  while (i < body.length) {
    const tag = body.startsWith('<w:tbl>', i) ? 'w:tbl' : 'w:p';
    let depth = 0;
    let j = i;
    const open = new RegExp(`<${tag}[ >]|</${tag}>|<${tag}/>`, 'g');
    open.lastIndex = i;
    for (let m = open.exec(body); m; m = open.exec(body)) {
      if (m[0].endsWith('/>')) depth += 0;
      else if (m[0].startsWith('</')) depth--;
      else depth++;
      j = m.index + m[0].length;
      if (depth === 0) break;
    }
    out.push(body.slice(i, j));
    i = j;
  }
  return out;
}

const textOf = (xml: string) => [...xml.matchAll(/<(?:w|m):t(?: [^>]*)?>([^<]*)<\/(?:w|m):t>/g)].map((m) => m[1]).join('');

/** A real PNG of the given size (grey pixels), so the export reads its size from its header. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const EMU_PER_PX = 9525;

describe('DOCX a teacher can hand out', () => {
  it('writes Word equations, the generated image in its place and the table, through the export endpoints', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const botId = await imageBotOf(client);
    const made = await client.json<{ fileId: string }>('POST', '/api/images', { idempotencyKey: key(), prompt: 'A plant cell', botId });
    expect(made.status).toBe(201);
    const imageBytes = Buffer.from(await (await client.get(`/api/files/${made.body.fileId}`)).arrayBuffer());
    expect(imageBytes.length).toBeGreaterThan(8);

    const markdown = [
      '# Fractions',
      'Before the picture, with $\\frac{a}{b}$ inline.',
      `![A plant cell](/api/files/${made.body.fileId})`,
      'After the picture.',
      '$$\nx = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}\n$$',
      '| Shape | Area |\n|---|---|\n| Circle | $\\pi r^2$ |\n| Square | side times side |',
      'Broken: $\\frac{a$ stays as typed.',
    ].join('\n\n');
    const saved = await client.json<SavedDetail>('POST', '/api/saved', { kind: 'document', body: markdown });
    const responses = [
      await client.get(`/api/saved/${saved.body.id}/export.docx`),
      await client.request('POST', '/api/export/docx', { title: 'Fractions', markdown }),
    ];
    for (const res of responses) {
      const docx = await openDocx(res);
      const parts = blocks(docx.xml);
      expect(parts.map((p) => (p.startsWith('<w:tbl>') ? 'table' : textOf(p).slice(0, 20)))).toEqual([
        'Fractions',
        'Before the picture, ',
        '',
        'After the picture.',
        'x=−b±b2−4ac2a',
        'table',
        'Broken: \\frac{a stay',
      ]);
      const [, before, picture, after, display, table, broken] = parts as [string, string, string, string, string, string, string];

      // Inline: an m:oMath inside the paragraph, between its words, with a fraction a over b.
      expect(before).toMatch(
        /Before the picture, with <\/w:t><\/w:r><m:oMath[^>]*><m:f>.*<m:num><m:r><m:t[^>]*>a<\/m:t><\/m:r><\/m:num><m:den><m:r><m:t[^>]*>b<\/m:t><\/m:r><\/m:den><\/m:f><\/m:oMath><w:r><w:t[^>]*> inline\.<\/w:t>/,
      );
      expect(before).not.toContain('m:oMathPara');
      // Display: a paragraph of its own holding m:oMathPara, with the fraction and the square root.
      expect(display).toMatch(/^<w:p>(<w:pPr>.*<\/w:pPr>)?<m:oMathPara[^>]*><m:oMath[^>]*>.*<\/m:oMath><\/m:oMathPara><\/w:p>$/);
      expect(display).toMatch(/<m:f>.*<m:num>.*<m:rad>.*<m:sSup>.*<\/m:num><m:den>.*2a.*<\/m:den><\/m:f>/);

      // The image: a drawing alone in the paragraph between the two the Markdown put it between,
      // whose media file holds the generated image's bytes.
      expect(picture).toContain('<w:drawing>');
      expect(before).not.toContain('<w:drawing>');
      expect(after).not.toContain('<w:drawing>');
      expect(docx.xml.match(/<w:drawing>/g)).toHaveLength(1);
      const rId = /<a:blip r:embed="([^"]+)"/.exec(picture)?.[1];
      expect(rId).toBeTruthy();
      expect((await docx.media(rId!)).equals(imageBytes)).toBe(true);
      expect(picture).toMatch(/<wp:docPr [^>]*descr="A plant cell"/);

      // The table: a header row repeated on each page, then the cells, one of them an equation.
      const rows = [...table.matchAll(/<w:tr>.*?<\/w:tr>/g)].map((m) => m[0]);
      expect(rows).toHaveLength(3);
      expect(rows[0]).toContain('<w:tblHeader/>');
      expect(rows[1]).not.toContain('<w:tblHeader/>');
      const cells = rows.map((r) => [...r.matchAll(/<w:tc>.*?<\/w:tc>/g)].map((m) => textOf(m[0])));
      expect(cells).toEqual([
        ['Shape', 'Area'],
        ['Circle', 'πr2'],
        ['Square', 'side times side'],
      ]);
      expect(rows[1]).toMatch(/<m:oMath[^>]*>.*<m:sSup>/);

      // LaTeX that does not parse: its source in a monospace run, the document intact.
      expect(broken).toMatch(/<w:rFonts w:ascii="Consolas"[^>]*\/><\/w:rPr><w:t[^>]*>\\frac\{a<\/w:t>/);
      expect(broken).not.toContain('m:oMath');
    }
  });

  it('fits images to the page keeping their shape, and writes a missing image as its alt text', async () => {
    const teacher = await signedIn(ctx, { role: 'teacher' });
    const user = { ...teacher.user, role: 'teacher' as const };
    const subscription = await resolveSubscription(ctx.database.db, { user, settings: ctx.config });
    const store = (data: Buffer, name: string) =>
      storeBufferAsFile({ db: ctx.database.db, config: ctx.config }, subscription, {
        ownerId: user.id,
        data,
        name,
        declaredType: 'image/png',
        purpose: 'image',
      });
    const wide = await store(png(1200, 300), 'wide.png');
    const tall = await store(png(300, 1800), 'tall.png');
    const small = await store(png(40, 30), 'small.png');
    const markdown = [
      `![Wide](/api/files/${wide.id})`,
      `![Tall](/api/files/${tall.id})`,
      `![Small](/api/files/${small.id})`,
      `![A missing diagram](/api/files/00000000-0000-4000-8000-000000000000)`,
    ].join('\n\n');
    const docx = await openDocx(await teacher.client.request('POST', '/api/export/docx', { title: 'Sizes', markdown }));
    const extents = [...docx.xml.matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/g)].map((m) => [
      Number(m[1]) / EMU_PER_PX,
      Number(m[2]) / EMU_PER_PX,
    ]);
    expect(extents).toEqual([
      [600, 150],
      [150, 900],
      [40, 30],
    ]);
    const last = blocks(docx.xml).at(-1)!;
    expect(textOf(last)).toBe('A missing diagram');
    expect(last).toContain('<w:i/>');
  });
});

describe('latexToOmml', () => {
  it('keeps text escaped, so LaTeX cannot write document markup', () => {
    const omml = latexToOmml('a < b \\text{ </m:t><w:p> \\& }', false)!;
    expect(omml).toMatch(/&lt;\/m:t&gt;&lt;w:p&gt;\s&amp;/);
    expect(omml).not.toContain('<w:p>');
  });

  it('gives null for what does not parse, and for nothing at all', () => {
    expect(latexToOmml('\\frac{a', false)).toBeNull();
    expect(latexToOmml('\\notacommand{x}', true)).toBeNull();
    expect(latexToOmml('   ', false)).toBeNull();
  });

  it('wraps display math in m:oMathPara', () => {
    expect(latexToOmml('x^2', true)).toMatch(/^<m:oMathPara[^>]*><m:oMath[^>]*><m:sSup>.*<\/m:oMath><\/m:oMathPara>$/);
  });
});
