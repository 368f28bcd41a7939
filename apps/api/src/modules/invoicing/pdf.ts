import PDFDocument from 'pdfkit';
import { filsToAed } from '@bookshop/contracts/money';
import type { TaxDocumentContent, TaxDocumentLine } from './document.ts';
import { documentFonts, pieceWidth, visualPieces, type Weight } from './pdf-text-layout.ts';

/*
 * The PDF of an issued tax invoice or credit note (issue 23, decision 086), drawn from its stored
 * content alone, so the same document always gives the same bytes: the PDF's dates (and so its ID)
 * are the moment of issue, and nothing else in it depends on the clock.
 */

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const RIGHT = PAGE.width - MARGIN;
const CONTENT_WIDTH = RIGHT - MARGIN;
/** Where the last line of a page may sit; below it is the footer. */
const BOTTOM = PAGE.height - MARGIN - 24;
const LEADING = 1.35;

type Align = 'left' | 'right';
type TextStyle = { size: number; weight?: Weight };

/** Lines drawn one by one (decision 086): our own wrapping, since each line is a row of pieces. */
class Canvas {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  y = MARGIN;

  private use(font: string, size: number): PDFKit.PDFDocument {
    return this.doc.font(font).fontSize(size);
  }

  width(text: string, { size, weight = 'regular' }: TextStyle): number {
    return visualPieces(text, weight).reduce((sum, piece) => sum + pieceWidth(piece, weight) * size, 0);
  }

  /**
   * Logical lines no wider than `width`: at spaces, or inside a word too long for a line. A line is
   * measured as its words and spaces, each shaped once.
   */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const space = this.width(' ', style);
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const wordWidth = this.width(word, style);
        if (line && lineWidth + space + wordWidth <= width) {
          line += ` ${word}`;
          lineWidth += space + wordWidth;
          continue;
        }
        if (line) lines.push(line);
        if (wordWidth <= width) {
          line = word;
          lineWidth = wordWidth;
          continue;
        }
        line = '';
        for (const char of word) {
          if (line && this.width(line + char, style) > width) {
            lines.push(line);
            line = '';
          }
          line += char;
        }
        lineWidth = this.width(line, style);
      }
      if (line || lines.length === 0) lines.push(line);
    }
    return lines;
  }

  lineHeight(size: number): number {
    return size * LEADING;
  }

  /** One line whose top is at `top`, starting at `x` (left) or ending at `x` (right). */
  line(text: string, x: number, top: number, style: TextStyle & { align?: Align }): void {
    const { size, weight = 'regular', align = 'left' } = style;
    const baseline = top + size * 1.05;
    let cursor = align === 'right' ? x - this.width(text, style) : x;
    for (const piece of visualPieces(text, weight)) {
      this.use(piece.font, size).text(piece.text, cursor, baseline, { lineBreak: false, baseline: 'alphabetic' });
      cursor += pieceWidth(piece, weight) * size;
    }
  }

  /** A wrapped block from `this.y` down; returns its height. */
  block(text: string, x: number, width: number, style: TextStyle & { align?: Align }, top = this.y): number {
    const lines = this.wrap(text, width, style);
    lines.forEach((line, i) => {
      const anchor = style.align === 'right' ? x + width : x;
      this.line(line, anchor, top + i * this.lineHeight(style.size), style);
    });
    return lines.length * this.lineHeight(style.size);
  }

  rule(top: number, weight = 0.5): void {
    this.doc.moveTo(MARGIN, top).lineTo(RIGHT, top).lineWidth(weight).strokeColor('#444444').stroke();
  }

  newPage(): void {
    this.doc.addPage();
    this.y = MARGIN;
  }
}

const aed = (fils: number): string => filsToAed(fils).toFixed(2);

type Column = {
  header: string;
  width: number;
  align: Align;
  cell: (line: TaxDocumentLine) => string;
};

function columns(registered: boolean): Column[] {
  const description: Column = { header: 'Description', width: 0, align: 'left', cell: (l) => l.description };
  const quantity: Column = { header: 'Qty', width: 34, align: 'right', cell: (l) => String(l.quantity) };
  const discount: Column = { header: 'Discount', width: 56, align: 'right', cell: (l) => aed(l.discountExVatFils) };
  const list: Column[] = registered
    ? [
        description,
        quantity,
        { header: 'Unit price excl. VAT', width: 66, align: 'right', cell: (l) => aed(l.unitPriceExVatFils) },
        discount,
        { header: 'VAT rate', width: 44, align: 'right', cell: (l) => `${l.vatRatePercent}%` },
        { header: 'VAT', width: 56, align: 'right', cell: (l) => aed(l.vatFils) },
        { header: 'Total incl. VAT', width: 66, align: 'right', cell: (l) => aed(l.totalFils) },
      ]
    : [
        description,
        quantity,
        { header: 'Unit price', width: 70, align: 'right', cell: (l) => aed(l.unitPriceExVatFils) },
        discount,
        { header: 'Total', width: 70, align: 'right', cell: (l) => aed(l.totalFils) },
      ];
  description.width = CONTENT_WIDTH - list.reduce((sum, c) => sum + c.width, 0);
  return list;
}

const CELL_PADDING = 4;
const TABLE_TEXT: TextStyle = { size: 8.5 };
const TABLE_HEADER: TextStyle = { size: 8, weight: 'bold' };

/** Draws a row of cells from `canvas.y`, moving to a new page (with the header again) if it does not fit. */
function tableRow(canvas: Canvas, cols: Column[], cells: string[], style: TextStyle, header?: string[]): void {
  const wrapped = cells.map((text, i) => canvas.wrap(text, cols[i]!.width - 2 * CELL_PADDING, style));
  const height = Math.max(...wrapped.map((l) => l.length)) * canvas.lineHeight(style.size) + 2 * CELL_PADDING;
  if (canvas.y + height > BOTTOM) {
    canvas.newPage();
    if (header) tableRow(canvas, cols, header, TABLE_HEADER);
  }
  let x = MARGIN;
  wrapped.forEach((lines, i) => {
    const col = cols[i]!;
    lines.forEach((line, n) => {
      const top = canvas.y + CELL_PADDING + n * canvas.lineHeight(style.size);
      const anchor = col.align === 'right' ? x + col.width - CELL_PADDING : x + CELL_PADDING;
      canvas.line(line, anchor, top, { ...style, align: col.align });
    });
    x += col.width;
  });
  canvas.y += height;
  canvas.rule(canvas.y, header ? 0.25 : 0.75);
}

/** Label and value pairs, the labels right-aligned against the values. */
function pairs(canvas: Canvas, rows: [string, string][], x: number, width: number, top: number): number {
  const labelWidth = 96;
  let y = top;
  for (const [label, value] of rows) {
    canvas.line(label, x, y, { size: 9, weight: 'bold' });
    y += canvas.block(value, x + labelWidth, width - labelWidth, { size: 9 }, y);
  }
  return y - top;
}

function header(canvas: Canvas, content: TaxDocumentContent): void {
  canvas.line(content.title, MARGIN, canvas.y, { size: 18, weight: 'bold' });
  if (content.arabicTitle)
    canvas.line(content.arabicTitle, RIGHT, canvas.y, { size: 18, weight: 'bold', align: 'right' });
  canvas.y += 32;
  canvas.rule(canvas.y, 1);
  canvas.y += 10;

  const columnWidth = CONTENT_WIDTH / 2 - 10;
  const { seller, customer } = content;
  const top = canvas.y;
  let left = top;
  left += canvas.block(seller.legalName, MARGIN, columnWidth, { size: 11, weight: 'bold' }, left);
  left += canvas.block(seller.address, MARGIN, columnWidth, { size: 9 }, left);
  if (seller.trn !== null) {
    const trn = seller.trnNote ? `TRN ${seller.trn} (${seller.trnNote})` : `TRN ${seller.trn}`;
    left += canvas.block(trn, MARGIN, columnWidth, { size: 9, weight: 'bold' }, left);
  }

  const meta: [string, string][] = [
    [content.type === 'invoice' ? 'Invoice number' : 'Credit note number', content.number],
    ['Date of issue', content.issuedOn],
    ['Date of supply', content.suppliedOn],
    ['Order number', content.orderNumber],
  ];
  if (content.correctsNumber !== null) meta.push(['Corrects invoice', content.correctsNumber]);
  if (content.reason !== null) meta.push(['Reason', content.reason]);
  meta.push(['Currency', content.currency]);
  const right = top + pairs(canvas, meta, MARGIN + columnWidth + 20, columnWidth, top);

  canvas.y = Math.max(left, right) + 14;
  canvas.line('Customer', MARGIN, canvas.y, { size: 9, weight: 'bold' });
  canvas.y += canvas.lineHeight(9);
  canvas.y += canvas.block(customer.name, MARGIN, CONTENT_WIDTH, { size: 10, weight: 'bold' });
  for (const line of [...customer.addressLines, customer.email])
    canvas.y += canvas.block(line, MARGIN, CONTENT_WIDTH, { size: 9 });
  canvas.y += 16;
}

function totals(canvas: Canvas, content: TaxDocumentContent, registered: boolean): void {
  const rows: [string, string, Weight][] = registered
    ? [
        ['Total excl. VAT (AED)', aed(content.netFils), 'regular'],
        [`VAT ${content.vatRatePercent}% (AED)`, aed(content.vatFils), 'regular'],
        ['Total incl. VAT (AED)', aed(content.totalFils), 'bold'],
      ]
    : [['Total (AED)', aed(content.totalFils), 'bold']];
  const height = rows.length * canvas.lineHeight(10) + 30;
  if (canvas.y + 10 + height > BOTTOM) canvas.newPage();
  canvas.y += 10;
  for (const [label, value, weight] of rows) {
    canvas.line(label, RIGHT - 90, canvas.y, { size: 10, weight, align: 'right' });
    canvas.line(value, RIGHT, canvas.y, { size: 10, weight, align: 'right' });
    canvas.y += canvas.lineHeight(10);
  }
  canvas.y += 12;
  canvas.line('All amounts in AED (UAE dirham).', MARGIN, canvas.y, { size: 8 });
}

function footers(doc: PDFKit.PDFDocument, canvas: Canvas, content: TaxDocumentContent): void {
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    const text = `${content.number} · Page ${page - start + 1} of ${count}`;
    canvas.line(text, RIGHT, PAGE.height - MARGIN - 10, { size: 8, align: 'right' });
  }
}

export function renderTaxDocumentPdf(content: TaxDocumentContent): Promise<Buffer> {
  const issuedAt = new Date(content.issuedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: 'en',
    displayTitle: true,
    // The dates (and so the file ID, a hash of this) are the moment of issue: same content, same bytes.
    info: {
      Title: `${content.title} ${content.number}`,
      Author: content.seller.legalName,
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const fonts = documentFonts();
  for (const font of [...fonts.regular, ...fonts.bold]) doc.registerFont(font.name, font.bytes);

  const canvas = new Canvas(doc);
  const registered = content.seller.trn !== null;
  header(canvas, content);
  const cols = columns(registered);
  const headings = cols.map((c) => c.header);
  canvas.rule(canvas.y, 0.75);
  tableRow(canvas, cols, headings, TABLE_HEADER);
  for (const line of content.lines) {
    tableRow(
      canvas,
      cols,
      cols.map((c) => c.cell(line)),
      TABLE_TEXT,
      headings,
    );
  }
  totals(canvas, content, registered);
  footers(doc, canvas, content);
  doc.end();
  return done;
}
