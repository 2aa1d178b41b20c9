import { z } from 'zod';
import { CURRENCY_CODES } from './money.js';

/**
 * Records a person can take away: the wallet statement (a date range of one currency's wallet with its
 * running balance, as JSON pages, CSV or PDF) and PDF receipts of deals, deposits and withdrawals.
 * Dates are calendar days in UTC, both ends included.
 */

/** Rows on one page of the statement (the CSV and the PDF hold every row of the range). */
export const STATEMENT_PAGE_SIZE = 25;
/** Days the statement covers when no `from` is given: the last 30, today included. */
export const STATEMENT_DEFAULT_DAYS = 30;

export const RECORDS_MESSAGES = {
  badDate: 'Use a date (YYYY-MM-DD)',
  rangeReversed: 'The start date must not be after the end date',
  receiptNotReady: 'A receipt is available once the deal is finished: completed, refunded or split',
  statementFailed: 'The statement could not be loaded',
} as const;

const day = z.iso.date({ error: RECORDS_MESSAGES.badDate });

const rangeShape = {
  /** Default: the caller's wallet currency. */
  currency: z.enum(CURRENCY_CODES).optional(),
  /** Default: STATEMENT_DEFAULT_DAYS days before `to`, counting `to`. */
  from: day.optional(),
  /** Default: today (UTC). */
  to: day.optional(),
};
const inOrder = (q: { from?: string | undefined; to?: string | undefined }) => !q.from || !q.to || q.from <= q.to;
const reversed = { message: RECORDS_MESSAGES.rangeReversed, path: ['from'] };

/** `?currency=&from=&to=`: the statement's range (the CSV and the PDF). */
export const ZStatementRangeQuery = z.object(rangeShape).refine(inOrder, reversed);
/** `?currency=&from=&to=&page=`: one page of the statement. */
export const ZStatementQuery = z
  .object({ ...rangeShape, page: z.coerce.number().int().min(1).max(100_000).default(1) })
  .refine(inOrder, reversed);
export type TStatementQuery = z.input<typeof ZStatementQuery>;

export const ZStatementEntry = z.object({
  /** The ledger posting's id. */
  id: z.string(),
  /** When the money moved (ISO 8601). */
  date: z.string(),
  description: z.string(),
  /** Signed decimal string: positive credits the wallet. */
  amount: z.string(),
  /** The wallet's balance right after this movement, as the ledger recorded it. */
  balance: z.string(),
  transactionId: z.string().nullable(),
});
export type TStatementEntry = z.infer<typeof ZStatementEntry>;

export const ZStatement = z.object({
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  /** Balance before the range's first movement. */
  openingBalance: z.string(),
  /** Balance after the range's last movement. */
  closingBalance: z.string(),
  /** Sum of the range's credits and of its debits (a negative string). */
  totalIn: z.string(),
  totalOut: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalEntries: z.number().int(),
  totalPages: z.number().int(),
  /** This page's movements, oldest first. */
  entries: z.array(ZStatementEntry),
});
export type TStatement = z.infer<typeof ZStatement>;

/** `:id` of a receipt: a transaction, a withdrawal (uuid) or a deposit (its payment id). */
export const ZReceiptParams = z.object({ id: z.string().min(1).max(100) });

/** The statement's file name, e.g. holdfast-statement-ZAR-2026-01-01-to-2026-01-31.csv. */
export const statementFileName = (s: { currency: string; from: string; to: string }, ext: 'csv' | 'pdf') =>
  `holdfast-statement-${s.currency}-${s.from}-to-${s.to}.${ext}`;
