import { formatMoney, toDecimal } from '@holdfast/contracts';
import { renderPdf } from '../../lib/pdf.js';
import type { DealMoney } from './receipt-facts.js';

/** Names as people read them: "Ada Lovelace <ada@example.com>", or the address alone. */
export function personLabel(p: { email: string; firstName: string | null; lastName: string | null } | null) {
  if (!p) return '';
  const name = [p.firstName, p.lastName].filter((s) => s?.trim()).join(' ');
  return name ? `${name} <${p.email}>` : p.email;
}

/** "HF-1A2B3C4D": the first part of the id, as the transaction page shows it (#1a2b3c4d). */
export const referenceOf = (id: string) => `HF-${id.slice(0, 8).toUpperCase()}`;

const money = (minor: bigint, currency: string) => formatMoney(toDecimal(minor, currency), currency);
/** Dates in UTC, unambiguous in every country: "2026-03-14 09:30 UTC". */
export const utcDateTime = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const OUTCOME = {
  released: 'Completed: the money was released to the seller',
  refunded: 'Refunded: the money went back to the buyer',
  split: 'Split: the money was shared between buyer and seller',
} as const;

const FOOTER =
  'Amounts are taken from the Holdfast ledger entries of this deal. The service fee is paid by the buyer on ' +
  'top of the amount and kept by Holdfast; on a refund or split the buyer gets back the matching share of it.';

export function transactionReceiptPdf(r: {
  id: string;
  description: string;
  type: string;
  currency: string;
  amount: bigint;
  createdAt: Date;
  buyer: string;
  seller: string;
  money: DealMoney;
}): Promise<Buffer> {
  const m = r.money;
  return renderPdf(`Receipt ${referenceOf(r.id)}`, (pdf) => {
    pdf.title('Receipt', `${referenceOf(r.id)} · transaction ${r.id}`);
    pdf.rows([
      ['Outcome', OUTCOME[m.outcome], true],
      ['Description', r.description],
      ['Type', r.type === 'service' ? 'Service' : 'Product'],
      ['Buyer', r.buyer],
      ['Seller', r.seller],
      ['Created', utcDateTime(r.createdAt)],
      ['Funded', m.fundedAt ? utcDateTime(m.fundedAt) : '—'],
      ['Finished', m.finishedAt ? utcDateTime(m.finishedAt) : '—'],
    ]);
    pdf.heading('Money');
    pdf.rows([
      ['Amount', money(r.amount, r.currency)],
      ['Service fee', money(m.fee, r.currency)],
      ['Buyer paid into escrow', money(m.paid, r.currency), true],
      ['Seller received', money(m.sellerReceived, r.currency), true],
      ['Buyer refunded', money(m.buyerRefunded, r.currency), true],
    ]);
    pdf.note(FOOTER);
  });
}

export function depositReceiptPdf(r: {
  paymentId: string;
  owner: string;
  currency: string;
  amount: bigint;
  balanceAfter: bigint;
  at: Date;
}): Promise<Buffer> {
  return renderPdf(`Deposit receipt ${r.paymentId}`, (pdf) => {
    pdf.title('Deposit receipt', `Payment ${r.paymentId}`);
    pdf.rows([
      ['Account holder', r.owner],
      ['Date', utcDateTime(r.at)],
      ['Method', 'Card deposit to the Holdfast wallet'],
      ['Amount deposited', money(r.amount, r.currency), true],
      ['Wallet balance after', money(r.balanceAfter, r.currency)],
    ]);
    pdf.note('The amount is the wallet credit recorded in the Holdfast ledger for this payment.');
  });
}

const WITHDRAWAL_STATUS = {
  pending: 'On its way to the bank account',
  held: 'Held for a routine check before it is paid out',
  paid: 'Paid out to the bank account',
  failed: 'Failed: the money returned to the wallet',
} as const;

export function withdrawalReceiptPdf(r: {
  id: string;
  owner: string;
  holder: string;
  accountLast4: string;
  currency: string;
  status: keyof typeof WITHDRAWAL_STATUS;
  withdrawn: bigint;
  returned: bigint;
  requestedAt: Date;
  settledAt: Date | null;
  failureReason: string | null;
}): Promise<Buffer> {
  return renderPdf(`Withdrawal receipt ${r.id}`, (pdf) => {
    pdf.title('Withdrawal receipt', `Withdrawal ${r.id}`);
    pdf.rows([
      ['Status', WITHDRAWAL_STATUS[r.status], true],
      ['Account holder', r.owner],
      ['Paid to', `${r.holder}, account ending ${r.accountLast4}`],
      ['Requested', utcDateTime(r.requestedAt)],
      [r.status === 'failed' ? 'Failed' : 'Paid', r.settledAt ? utcDateTime(r.settledAt) : '—'],
      ...(r.failureReason ? ([['Reason', r.failureReason]] as [string, string][]) : []),
      ['Amount withdrawn', money(r.withdrawn, r.currency), true],
      ['Fee', money(0n, r.currency)],
      ...(r.returned
        ? ([['Returned to the wallet', money(r.returned, r.currency), true]] as [string, string, boolean][])
        : []),
    ]);
    pdf.note('Amounts are the wallet movements recorded in the Holdfast ledger for this withdrawal.');
  });
}
