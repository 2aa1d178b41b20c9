import { formatMoney, type TStatementEntry } from '@holdfast/contracts';
import { renderPdf } from '../../lib/pdf.js';
import type { StatementSummary } from './wallet.statement.js';

const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

/** The statement as a PDF: the range's totals, then every movement with the balance after it. */
export function statementPdf(s: StatementSummary, entries: TStatementEntry[], holder: string): Promise<Buffer> {
  const money = (amount: string) => formatMoney(amount, s.currency);
  return renderPdf(`Wallet statement ${s.currency} ${s.from} to ${s.to}`, (pdf) => {
    pdf.title('Wallet statement', `${s.currency} wallet · ${s.from} to ${s.to} (UTC)`);
    pdf.rows([
      ['Account holder', holder],
      ['Opening balance', money(s.openingBalance), true],
      ['Money in', money(s.totalIn)],
      ['Money out', money(s.totalOut)],
      ['Closing balance', money(s.closingBalance), true],
      ['Movements', String(s.totalEntries)],
    ]);
    pdf.heading('Movements');
    pdf.table(
      ['Date (UTC)', 'Description', 'Amount', 'Balance'],
      [0.2, 0.44, 0.18, 0.18],
      new Set([2, 3]),
      entries.map((e) => [utc(e.date), e.description, money(e.amount), money(e.balance)]),
    );
    pdf.note('Each balance is the one the Holdfast ledger recorded right after the movement.');
  });
}
