import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTransactionTimeline } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { transactionQueryKey } from '@/lib/queries/keys';

/** GET /api/transactions/:id/timeline: the deal's history for its parties (and staff), oldest first. */
export const getTimeline = (id: string) =>
  apiJson<TTransactionTimeline>('GET', `/api/transactions/${encodeURIComponent(id)}/timeline`);

/**
 * Under the transaction's own key, so whatever refreshes the transaction refreshes its history; keyed by
 * the transaction's `updatedAt` too, so a change that arrived live (the socket refetches the transaction)
 * brings the new entries with it.
 */
export const timelineQueryOptions = (id: string, updatedAt: string) =>
  queryOptions({ queryKey: [...transactionQueryKey(id), 'timeline', updatedAt], queryFn: () => getTimeline(id) });

export function useTimeline(id: string, updatedAt: string) {
  return useQuery(timelineQueryOptions(id, updatedAt));
}
