import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTransaction } from '@holdfast/contracts';
import { errorStatus } from '@/lib/api';
import { getTransactions } from '@/lib/queries/get-transactions';
import { TRANSACTIONS_QUERY_KEY } from '@/lib/queries/keys';

/**
 * GET /api/transactions. Until the transactions module ships the endpoint may answer 404;
 * the dashboard then shows its empty state instead of an error.
 */
export async function getDashboardTransactions(): Promise<TTransaction[]> {
  try {
    const list = await getTransactions();
    return Array.isArray(list) ? list : [];
  } catch (err) {
    if (errorStatus(err) === 404) return [];
    throw err;
  }
}

export const dashboardTransactionsQueryOptions = () =>
  queryOptions({ queryKey: TRANSACTIONS_QUERY_KEY, queryFn: getDashboardTransactions });

export function useDashboardTransactions() {
  return useQuery(dashboardTransactionsQueryOptions());
}
