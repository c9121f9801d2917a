import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  ImportedXmlComponent,
  LevelFormat,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import type { BlockContent, DefinitionContent, List, PhrasingContent, RootContent, TableCell as MdTableCell } from 'mdast';
import { imageInfo } from './image-size';
import { latexToOmml } from './math-omml';
import { parseMarkdown, type ImageLoader } from './markdown-docx';

// The DOCX writer behind markdownToDocx (markdown-docx.ts), loaded on the first export: docx,
// temml and mathml2omml stay out of the server's memory until someone downloads a document.

interface Style {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
}

const MONO = 'Consolas';
// The A4 page inside its 1-inch margins, in pixels at 96 dpi (docx sizes images in pixels).
const MAX_IMAGE_WIDTH = 600;
const MAX_IMAGE_HEIGHT = 900;
const headingLevels = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];

class Converter {
  private listInstance = 0;
  constructor(private readonly loadImage: ImageLoader) {}

  async inline(nodes: PhrasingContent[], style: Style = {}): Promise<ParagraphChild[]> {
    const out: ParagraphChild[] = [];
    for (const node of nodes) out.push(...(await this.phrasing(node, style)));
    return out;
  }

  private text(text: string, style: Style): TextRun {
    return new TextRun({ text, bold: style.bold, italics: style.italics, strike: style.strike, font: style.code ? MONO : undefined });
  }

  private async phrasing(node: PhrasingContent, style: Style): Promise<ParagraphChild[]> {
    switch (node.type) {
      case 'text':
        return [this.text(node.value, style)];
      case 'strong':
        return this.inline(node.children, { ...style, bold: true });
      case 'emphasis':
        return this.inline(node.children, { ...style, italics: true });
      case 'delete':
        return this.inline(node.children, { ...style, strike: true });
      case 'inlineCode':
        return [this.text(node.value, { ...style, code: true })];
      case 'inlineMath':
        return [this.math(node.value, false, style)];
      case 'break':
        return [new TextRun({ text: '', break: 1 })];
      case 'link': {
        const children = (await this.inline(node.children, style)).filter((c): c is TextRun => c instanceof TextRun);
        if (!/^(https?:|mailto:)/i.test(node.url)) return children;
        return [
          new ExternalHyperlink({
            link: node.url,
            children: children.length ? children : [new TextRun({ text: node.url, style: 'Hyperlink' })],
          }),
        ];
      }
      case 'image':
        return [await this.image(node.url, node.alt ?? '')];
      case 'html':
        return [this.text(node.value, style)];
      default:
        return [];
    }
  }

  /** A Word equation of the LaTeX, or the LaTeX itself in a monospace run when it does not convert. */
  private math(latex: string, display: boolean, style: Style = {}): ParagraphChild {
    const omml = latexToOmml(latex, display);
    if (omml) {
      try {
        // docx has no type for raw markup in a paragraph; the component writes the <m:oMath> element itself.
        return ImportedXmlComponent.fromXmlString(omml) as unknown as ParagraphChild;
      } catch {
        // Not well-formed after all: fall through to the source text.
      }
    }
    return this.text(latex, { ...style, code: true });
  }

  private async image(url: string, alt: string): Promise<ParagraphChild> {
    const data = await this.loadImage(url).catch(() => null);
    const info = data ? imageInfo(data) : null;
    if (data && info && info.width > 0 && info.height > 0) {
      // Its own aspect ratio, no larger than it is, and no wider or taller than the page.
      const scale = Math.min(1, MAX_IMAGE_WIDTH / info.width, MAX_IMAGE_HEIGHT / info.height);
      return new ImageRun({
        type: info.type,
        data,
        transformation: { width: Math.max(1, Math.round(info.width * scale)), height: Math.max(1, Math.round(info.height * scale)) },
        altText: { name: alt || 'Image', description: alt, title: alt },
      });
    }
    if (/^https?:/i.test(url))
      return new ExternalHyperlink({ link: url, children: [new TextRun({ text: alt || url, style: 'Hyperlink' })] });
    // A missing image, or one its owner may not open: its alt text in its place.
    return new TextRun({ text: alt || 'Image', italics: true });
  }

  async blocks(nodes: (RootContent | BlockContent | DefinitionContent)[], quote = false): Promise<(Paragraph | Table)[]> {
    const out: (Paragraph | Table)[] = [];
    for (const node of nodes) out.push(...(await this.block(node, quote)));
    return out;
  }

  private async block(node: RootContent | BlockContent | DefinitionContent, quote: boolean): Promise<(Paragraph | Table)[]> {
    const indent = quote ? { left: 567 } : undefined;
    switch (node.type) {
      case 'heading':
        return [new Paragraph({ heading: headingLevels[node.depth - 1], children: await this.inline(node.children) })];
      case 'paragraph':
        return [new Paragraph({ children: await this.inline(node.children, quote ? { italics: true } : {}), indent })];
      case 'list':
        return this.list(node, 0);
      case 'table':
        return [
          await this.table(
            node.children.map((row) => row.children),
            node.align ?? [],
          ),
        ];
      case 'blockquote':
        return this.blocks(node.children, true);
      case 'math': {
        const equation = this.math(node.value, true);
        if (!(equation instanceof TextRun)) return [new Paragraph({ children: [equation], indent })];
        return node.value
          .split('\n')
          .map((line) => new Paragraph({ children: [new TextRun({ text: line, font: MONO })], alignment: AlignmentType.CENTER }));
      }
      case 'code':
        return node.value.split('\n').map(
          (line) =>
            new Paragraph({
              children: [new TextRun({ text: line, font: MONO })],
              shading: { type: ShadingType.CLEAR, fill: 'F2F2F2', color: 'auto' },
            }),
        );
      case 'thematicBreak':
        return [new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '999999', space: 1 } }, children: [] })];
      case 'html':
        return [new Paragraph({ children: [new TextRun(node.value)] })];
      default:
        return [];
    }
  }

  private async list(node: List, level: number): Promise<(Paragraph | Table)[]> {
    const instance = ++this.listInstance;
    const out: (Paragraph | Table)[] = [];
    for (const item of node.children) {
      let first = true;
      for (const child of item.children) {
        if (child.type === 'list') {
          out.push(...(await this.list(child, Math.min(level + 1, 8))));
        } else if (child.type === 'paragraph' && first) {
          const check = item.checked === true ? '☑ ' : item.checked === false ? '☐ ' : '';
          const runs = await this.inline(child.children);
          out.push(
            new Paragraph({
              children: check ? [new TextRun(check), ...runs] : runs,
              ...(node.ordered ? { numbering: { reference: 'numbered', level, instance } } : { bullet: { level } }),
            }),
          );
          first = false;
        } else {
          for (const p of await this.blocks([child])) out.push(p);
        }
      }
    }
    return out;
  }

  private async table(rows: MdTableCell[][], align: (string | null)[]): Promise<Table> {
    const columns = Math.max(1, ...rows.map((r) => r.length));
    const alignment = (i: number) =>
      align[i] === 'center' ? AlignmentType.CENTER : align[i] === 'right' ? AlignmentType.RIGHT : undefined;
    const tableRows: TableRow[] = [];
    for (const [r, row] of rows.entries()) {
      const cells: TableCell[] = [];
      for (let i = 0; i < columns; i++) {
        const cell = row[i];
        const children = cell ? await this.inline(cell.children, r === 0 ? { bold: true } : {}) : [];
        cells.push(
          new TableCell({
            children: [new Paragraph({ children, alignment: alignment(i) })],
            shading: r === 0 ? { type: ShadingType.CLEAR, fill: 'E7EEF3', color: 'auto' } : undefined,
          }),
        );
      }
      tableRows.push(new TableRow({ children: cells, ...(r === 0 ? { tableHeader: true } : {}) }));
    }
    return new Table({ rows: tableRows, width: { size: 100, type: WidthType.PERCENTAGE } });
  }
}

const numberedLevels = Array.from({ length: 9 }, (_, level) => ({
  level,
  format: [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN][level % 3]!,
  text: `%${level + 1}.`,
  alignment: AlignmentType.START,
  style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
}));

/** The DOCX bytes of a Markdown document (markdownToDocx loads this on the first export). */
export async function renderDocx(markdown: string, options: { title: string; loadImage: ImageLoader }): Promise<Buffer> {
  const converter = new Converter(options.loadImage);
  const children = await converter.blocks(parseMarkdown(markdown).children);
  const doc = new Document({
    title: options.title,
    creator: 'ClassBots',
    numbering: { config: [{ reference: 'numbered', levels: numberedLevels }] },
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [{ children: children.length ? children : [new Paragraph('')] }],
  });
  return Packer.toBuffer(doc);
}
