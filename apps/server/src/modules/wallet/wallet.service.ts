import {
  RECORDS_MESSAGES,
  STATEMENT_DEFAULT_DAYS,
  STATEMENT_PAGE_SIZE,
  statementFileName,
  type TPageQuery,
  type TStatement,
  type TWalletActivity,
  type TWalletBalance,
} from '@holdfast/contracts';
import type { Page } from '../../lib/cursor.js';
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { toCsv, type CsvCell } from '../../lib/csv.js';
import { findWalletCurrency, walletActivity, walletBalanceText, walletSummary } from './wallet.queries.js';
import { defaultRange, statementEntries, statementSummary, type StatementRange } from './wallet.statement.js';
import { statementPdf } from './wallet.statement-pdf.js';

/** `?currency=&from=&to=` of a statement, as the contract parsed it. */
export interface StatementQuery {
  currency?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Wallets as people see them: balances, activity and statements, read from the ledger. */
export function createWalletService({ db, clock }: { db: Db; clock: Clock }) {
  async function rangeOf(userId: string, q: StatementQuery): Promise<StatementRange> {
    const currency = q.currency ?? (await findWalletCurrency(db, userId));
    const { from, to } = defaultRange(clock.now(), STATEMENT_DEFAULT_DAYS, q.to, q.from);
    if (from > to) throw badRequest(RECORDS_MESSAGES.rangeReversed, { from: RECORDS_MESSAGES.rangeReversed });
    return { currency, from, to };
  }

  /** Every row of the range (the CSV and the PDF), with its totals. */
  async function wholeStatement(userId: string, q: StatementQuery) {
    const range = await rangeOf(userId, q);
    const { summary, accountId } = await statementSummary(db, userId, range);
    const entries = accountId ? await statementEntries(db, accountId, range, { offset: 0 }) : [];
    return { summary, entries };
  }

  return {
    async summary(userId: string): Promise<TWalletBalance> {
      return walletSummary(db, userId, await findWalletCurrency(db, userId));
    },
    activity: (userId: string, query: TPageQuery): Promise<Page<TWalletActivity>> => walletActivity(db, userId, query),
    /** The balance in the user's wallet currency as a decimal string (GET /api/auth/user). */
    balanceText: (userId: string, currency: string): Promise<string> => walletBalanceText(db, userId, currency),

    /** One page of the statement (oldest first) with the range's opening and closing balances. */
    async statement(userId: string, q: StatementQuery & { page: number }): Promise<TStatement> {
      const range = await rangeOf(userId, q);
      const { summary, accountId } = await statementSummary(db, userId, range);
      const offset = (q.page - 1) * STATEMENT_PAGE_SIZE;
      const entries =
        accountId && offset < summary.totalEntries
          ? await statementEntries(db, accountId, range, { offset, limit: STATEMENT_PAGE_SIZE })
          : [];
      return {
        ...summary,
        page: q.page,
        pageSize: STATEMENT_PAGE_SIZE,
        totalPages: Math.max(1, Math.ceil(summary.totalEntries / STATEMENT_PAGE_SIZE)),
        entries,
      };
    },

    /** The whole range as CSV: a header row, then Date, Description, Amount, Balance per movement. */
    async statementCsv(userId: string, q: StatementQuery) {
      const { summary, entries } = await wholeStatement(userId, q);
      const rows: CsvCell[][] = [
        ['Date (UTC)', 'Description', 'Amount', 'Balance', 'Currency', 'Transaction'],
        [`${summary.from}`, 'Opening balance', '', { amount: summary.openingBalance }, summary.currency, ''],
        ...entries.map((e): CsvCell[] => [
          e.date,
          e.description,
          { amount: e.amount },
          { amount: e.balance },
          summary.currency,
          e.transactionId ?? '',
        ]),
        [`${summary.to}`, 'Closing balance', '', { amount: summary.closingBalance }, summary.currency, ''],
      ];
      return { fileName: statementFileName(summary, 'csv'), csv: toCsv(rows) };
    },

    async statementPdf(userId: string, q: StatementQuery, holder: string) {
      const { summary, entries } = await wholeStatement(userId, q);
      return { fileName: statementFileName(summary, 'pdf'), pdf: await statementPdf(summary, entries, holder) };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
