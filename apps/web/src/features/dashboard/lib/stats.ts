import type { TTransactionStats } from '@holdfast/contracts';

/** The server's per-status counts and Success Rate (GET /api/transactions/stats). */
export type DashboardStats = TTransactionStats;

const NONE: DashboardStats = {
  total: 0,
  pending: 0,
  active: 0,
  completed: 0,
  disputed: 0,
  cancelled: 0,
  successRate: null,
};

/**
 * The counts of every transaction (not only a loaded page), zero while they load. The success rate is the
 * server's, the same the public profile shows (finished deals only, decision 032).
 */
export function dashboardStats(counts: DashboardStats | undefined): DashboardStats {
  return counts ?? NONE;
}
