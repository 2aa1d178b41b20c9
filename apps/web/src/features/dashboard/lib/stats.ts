// Relative import: this pure module is unit-tested by Vitest, which has no '@' alias.
import { successRate } from '../../../lib/format';

/** The server's per-status counts (GET /api/transactions/stats). */
export interface StatusCounts {
  total: number;
  pending: number;
  active: number;
  completed: number;
  disputed: number;
  cancelled: number;
}

export interface DashboardStats extends StatusCounts {
  successRate: number;
}

const NONE: StatusCounts = { total: 0, pending: 0, active: 0, completed: 0, disputed: 0, cancelled: 0 };

/**
 * The counts of every transaction (not only a loaded page); success rate is completed / all, as a whole
 * percentage. Zero while the counts load.
 */
export function dashboardStats(counts: StatusCounts | undefined): DashboardStats {
  const c = counts ?? NONE;
  return { ...c, successRate: successRate(c.completed, c.total) };
}
