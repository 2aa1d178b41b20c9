// Relative import: this pure module is unit-tested by Vitest, which has no '@' alias.
import { successRate } from '../../../lib/format';

interface Countable {
  status: string;
  createdAt: string;
}

export interface DashboardStats {
  total: number;
  pending: number;
  active: number;
  completed: number;
  disputed: number;
  cancelled: number;
  successRate: number;
}

/** Counts by status; success rate is completed / all, as a whole percentage. */
export function dashboardStats(transactions: readonly Countable[]): DashboardStats {
  const count = (status: string) => transactions.filter((t) => t.status === status).length;
  const completed = count('completed');
  return {
    total: transactions.length,
    pending: count('pending'),
    active: count('active'),
    completed,
    disputed: count('disputed'),
    cancelled: count('cancelled'),
    successRate: successRate(completed, transactions.length),
  };
}

/** The n newest transactions, newest first. */
export function latestTransactions<T extends Countable>(transactions: readonly T[], n = 5): T[] {
  return [...transactions].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, n);
}
