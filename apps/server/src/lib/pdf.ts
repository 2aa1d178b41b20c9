import type PDFDocumentModule from 'pdfkit';
import { loadOptional } from './optional-module.js';

/**
 * PDF documents (receipts, statements) drawn with pdfkit, which loads with the first document asked for,
 * not at start (lib/optional-module.ts). Its standard fonts (Helvetica) ship inside the package as data
 * modules, so the bundled server finds them in node_modules like any other external package.
 */

type Doc = PDFKit.PDFDocument;

const BRAND = '#0f2a44';
const MUTED = '#5b6472';
const LINE = '#d9dee5';

/**
 * Text as the standard fonts can draw it: they know the Windows-1252 characters only. Narrow and thin
 * spaces (the en-ZA number format groups digits with them) become no-break spaces, anything else outside
 * the set a question mark, so no character is dropped silently.
 */
export function pdfText(text: string): string {
  return text
    .replace(/[\u202f\u2009\u2007]/g, '\u00a0')
    .replace(/[^\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/g, '?');
}

/** A small layout on top of pdfkit: a title block, label/value rows, and tables that break across pages. */
export class PdfWriter {
  constructor(readonly doc: Doc) {}

  private get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  private get left() {
    return this.doc.page.margins.left;
  }

  private room(height: number) {
    if (this.doc.y + height > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage();
  }

  title(title: string, subtitle?: string) {
    this.doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text('HOLDFAST', this.left, this.doc.y);
    this.doc.moveDown(0.3).font('Helvetica-Bold').fontSize(20).fillColor(BRAND).text(pdfText(title));
    if (subtitle) this.doc.moveDown(0.2).font('Helvetica').fontSize(10).fillColor(MUTED).text(pdfText(subtitle));
    this.doc.moveDown(1);
    return this;
  }

  heading(text: string) {
    this.room(40);
    this.doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).fillColor(BRAND).text(pdfText(text), this.left);
    this.doc.moveDown(0.3);
    return this;
  }

  /** Label on the left, value on the right, one per line; `strong` sets the value in bold. */
  rows(rows: [label: string, value: string, strong?: boolean][]) {
    const labelWidth = Math.min(180, this.width * 0.4);
    for (const [label, value, strong] of rows) {
      const valueText = pdfText(value);
      this.doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
      const height = Math.max(14, this.doc.heightOfString(valueText, { width: this.width - labelWidth }));
      this.room(height + 4);
      const y = this.doc.y;
      this.doc
        .font('Helvetica')
        .fillColor(MUTED)
        .text(pdfText(label), this.left, y, { width: labelWidth - 8 });
      this.doc
        .font(strong ? 'Helvetica-Bold' : 'Helvetica')
        .fillColor('black')
        .text(valueText, this.left + labelWidth, y, { width: this.width - labelWidth });
      this.doc.y = y + height + 4;
    }
    this.doc.x = this.left;
    return this;
  }

  /** A table; `widths` are fractions of the page's width, `right` the columns aligned right (amounts). */
  table(columns: string[], widths: number[], right: Set<number>, body: string[][]) {
    const xs = widths.reduce<number[]>(
      (acc, _w, i) => [...acc, i === 0 ? this.left : acc[i - 1]! + widths[i - 1]! * this.width],
      [],
    );
    const line = (cells: string[], bold: boolean) => {
      this.doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      const texts = cells.map(pdfText);
      const height = Math.max(
        ...texts.map((t, i) => this.doc.heightOfString(t, { width: widths[i]! * this.width - 6 })),
      );
      this.room(height + 6);
      if (bold) this.doc.fillColor(MUTED);
      else this.doc.fillColor('black');
      const y = this.doc.y;
      texts.forEach((t, i) =>
        this.doc.text(t, xs[i]!, y, { width: widths[i]! * this.width - 6, align: right.has(i) ? 'right' : 'left' }),
      );
      this.doc.y = y + height + 3;
      this.doc
        .moveTo(this.left, this.doc.y)
        .lineTo(this.left + this.width, this.doc.y)
        .strokeColor(LINE)
        .lineWidth(0.5)
        .stroke();
      this.doc.y += 3;
    };
    line(columns, true);
    for (const row of body) line(row, false);
    this.doc.x = this.left;
    return this;
  }

  note(text: string) {
    this.room(30);
    this.doc.moveDown(1).font('Helvetica').fontSize(8).fillColor(MUTED).text(pdfText(text), this.left, this.doc.y, {
      width: this.width,
    });
    return this;
  }
}

/** Draws a document and answers with its bytes. */
export async function renderPdf(title: string, draw: (pdf: PdfWriter) => void): Promise<Buffer> {
  const PDFDocument = loadOptional('pdfkit') as typeof PDFDocumentModule;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: pdfText(title), Author: 'Holdfast' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(new PdfWriter(doc));
  doc.end();
  return done;
}
