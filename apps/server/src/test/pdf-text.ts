import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF pdfkit drew with its standard fonts, one string per text-showing operator: each page's
 * content stream is inflated, and the hex strings of its TJ arrays (Windows-1252 bytes, split where a kerning
 * number sits between them) are joined. Enough to check what a receipt or statement says.
 */
// Windows-1252's 0x80–0x9F (Node's TextDecoder reads them as Latin-1 control characters).
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const decode = (hex: string) =>
  [...Buffer.from(hex, 'hex')]
    .map((b) => (b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b)))
    .join('');

export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  const source = pdf.toString('latin1');
  const streams = /(?<!end)stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    let text: string;
    try {
      text = inflateSync(raw).toString('latin1');
    } catch {
      text = raw.toString('latin1');
    }
    for (const tj of text.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const parts = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => decode(m[1]!));
      lines.push(parts.join(''));
    }
    streams.lastIndex = end;
  }
  return lines;
}

/** The PDF's text as one string, lines joined by newlines, no-break spaces as plain spaces. */
export const pdfText = (pdf: Buffer) => pdfTextLines(pdf).join('\n').replaceAll('\u00a0', ' ');
