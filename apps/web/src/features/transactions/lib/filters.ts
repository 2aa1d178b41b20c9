export const TRANSACTION_FILTERS = ['all', 'pending', 'active', 'completed', 'disputed'] as const;
export type TransactionFilter = (typeof TRANSACTION_FILTERS)[number];

interface HasStatus {
  status: string;
}

export function filterTransactions<T extends HasStatus>(list: readonly T[], filter: TransactionFilter): T[] {
  return filter === 'all' ? [...list] : list.filter((t) => t.status === filter);
}

export function filterCounts(list: readonly HasStatus[]): Record<TransactionFilter, number> {
  const counts = { all: list.length, pending: 0, active: 0, completed: 0, disputed: 0 };
  for (const t of list) if (t.status in counts && t.status !== 'all') counts[t.status as TransactionFilter] += 1;
  return counts;
}
