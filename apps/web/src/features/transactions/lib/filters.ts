export const TRANSACTION_FILTERS = ['all', 'pending', 'active', 'completed', 'disputed'] as const;
export type TransactionFilter = (typeof TRANSACTION_FILTERS)[number];

/**
 * The filter buttons' counts from the server's per-status counts (GET /api/transactions/stats): the list
 * is paged and filtered by the server, so counting the loaded rows would miss every page not yet seen.
 * `all` is the total, cancelled included.
 */
export function filterCounts(
  stats: Partial<Record<string, number | null>> | undefined,
): Record<TransactionFilter, number> {
  const counts = { all: stats?.total ?? 0, pending: 0, active: 0, completed: 0, disputed: 0 };
  for (const f of TRANSACTION_FILTERS) if (f !== 'all') counts[f] = stats?.[f] ?? 0;
  return counts;
}
