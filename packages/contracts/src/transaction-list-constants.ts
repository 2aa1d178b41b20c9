/** The transaction list's choices and texts, without Zod (the web's list page loads no schema). */

/**
 * The list's orders: newest first (the spec's, the default), oldest first, and by amount, largest or
 * smallest first. Amounts are compared as numbers in their own currency (every currency has two places).
 */
export const TRANSACTION_SORTS = ['newest', 'oldest', 'amount_desc', 'amount_asc'] as const;
export type TTransactionSort = (typeof TRANSACTION_SORTS)[number];

export const TRANSACTION_SEARCH_MAX_LENGTH = 100;

export const TRANSACTION_LIST_MESSAGES = {
  search: `Search must be at most ${TRANSACTION_SEARCH_MAX_LENGTH} characters`,
  amount: 'Amounts must be numbers with at most two decimal places',
  amountRange: 'The smallest amount must not be above the largest',
  date: 'Dates must be ISO 8601 date-times with a time zone (e.g. 2026-11-27T00:00:00+02:00)',
  dateRange: 'The start of the date range must be before its end',
} as const;
