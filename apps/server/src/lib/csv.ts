/**
 * CSV as spreadsheets read it (RFC 4180): every cell quoted when it holds a comma, a quote or a line break,
 * quotes doubled, CRLF between rows. A cell that starts with = + - @ (or a tab or carriage return) is a
 * formula to Excel, LibreOffice and Google Sheets, so text someone else typed (a deal's description) could
 * run as one when the file is opened: such a cell gets a leading apostrophe, as OWASP advises. Numbers are
 * written by `amount` cells, which are plain decimals and keep their minus sign.
 */
export type CsvCell = string | number | { amount: string };

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function cell(value: CsvCell): string {
  let text: string;
  if (typeof value === 'object') {
    // Only a plain signed decimal passes as a number; anything else is treated as text.
    text = /^-?\d+(\.\d+)?$/.test(value.amount) ? value.amount : `'${value.amount}`;
  } else {
    text = String(value);
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: CsvCell[][]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
