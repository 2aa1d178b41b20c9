import { TRANSACTION_SORTS, toMinor, type TTransactionSort } from '@holdfast/contracts/constants';
import { TRANSACTION_FILTERS, type TransactionFilter } from './filters';

/**
 * What the transaction list shows, kept in the page's address (`/transactions?status=pending&sort=…`), so
 * Back from a deal returns to the same list and a link can share it. Dates are the person's own calendar
 * days (`YYYY-MM-DD` from a date input); the server is asked for the instants those days begin and end.
 */
export interface ListFilters {
  status: TransactionFilter;
  q: string;
  sort: TTransactionSort;
  minAmount: string;
  maxAmount: string;
  fromDate: string;
  toDate: string;
}

export const NO_FILTERS: ListFilters = {
  status: 'all',
  q: '',
  sort: 'newest',
  minAmount: '',
  maxAmount: '',
  fromDate: '',
  toDate: '',
};

export const SORT_LABELS: Record<TTransactionSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  amount_desc: 'Amount: high to low',
  amount_asc: 'Amount: low to high',
};

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const isAmount = (s: string) => AMOUNT.test(s.trim());
export const isDay = (s: string) => DAY.test(s) && !Number.isNaN(new Date(`${s}T00:00:00`).getTime());

export function filtersFromSearch(search: string): ListFilters {
  const p = new URLSearchParams(search);
  const status = p.get('status') as TransactionFilter | null;
  const sort = p.get('sort') as TTransactionSort | null;
  const text = (key: string, ok: (s: string) => boolean) => {
    const v = p.get(key) ?? '';
    return ok(v) ? v : '';
  };
  return {
    status: status && TRANSACTION_FILTERS.includes(status) ? status : 'all',
    q: p.get('q') ?? '',
    sort: sort && TRANSACTION_SORTS.includes(sort) ? sort : 'newest',
    minAmount: text('minAmount', isAmount),
    maxAmount: text('maxAmount', isAmount),
    fromDate: text('from', isDay),
    toDate: text('to', isDay),
  };
}

/** The page's query string for `f`: defaults and empty fields left out, so the plain list is `/transactions`. */
export function filtersToSearch(f: ListFilters): string {
  const p = new URLSearchParams();
  if (f.status !== 'all') p.set('status', f.status);
  if (f.q.trim()) p.set('q', f.q);
  if (f.sort !== 'newest') p.set('sort', f.sort);
  if (f.minAmount) p.set('minAmount', f.minAmount);
  if (f.maxAmount) p.set('maxAmount', f.maxAmount);
  if (f.fromDate) p.set('from', f.fromDate);
  if (f.toDate) p.set('to', f.toDate);
  return p.toString();
}

/** Whether anything beyond the status narrows the list (the empty state then offers to clear it). */
export function isNarrowed(f: ListFilters): boolean {
  return !!(f.q.trim() || f.minAmount || f.maxAmount || f.fromDate || f.toDate);
}

/** How many range filters are set (the Filters button shows it). */
export function rangeCount(f: ListFilters): number {
  return [f.minAmount, f.maxAmount, f.fromDate, f.toDate].filter(Boolean).length;
}

/** Both amounts typed and the smallest above the largest. */
export function amountsInverted(f: Pick<ListFilters, 'minAmount' | 'maxAmount'>): boolean {
  if (!isAmount(f.minAmount) || !isAmount(f.maxAmount)) return false;
  return toMinor(f.minAmount.trim(), 2)! > toMinor(f.maxAmount.trim(), 2)!;
}

/** The instant a local calendar day begins, `days` later. */
function dayStart(day: string, days = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + days).toISOString();
}

/**
 * GET /api/transactions's parameters for `f`: only what is valid is sent (a half-typed amount or an
 * inverted range waits until it makes sense); the to-date includes its whole day.
 */
export function apiParams(f: ListFilters): Record<string, string | undefined> {
  const min = isAmount(f.minAmount) ? f.minAmount.trim() : undefined;
  let max = isAmount(f.maxAmount) ? f.maxAmount.trim() : undefined;
  if (amountsInverted(f)) max = undefined;
  const from = isDay(f.fromDate) ? dayStart(f.fromDate) : undefined;
  let to = isDay(f.toDate) ? dayStart(f.toDate, 1) : undefined;
  if (from && to && from >= to) to = undefined;
  return {
    status: f.status === 'all' ? undefined : f.status,
    q: f.q.trim() || undefined,
    sort: f.sort === 'newest' ? undefined : f.sort,
    minAmount: min,
    maxAmount: max,
    from,
    to,
  };
}
