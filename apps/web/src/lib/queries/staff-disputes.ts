import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  TAdminJobSummary,
  TDecisionRecord,
  TDisputeWorkload,
  TModeratorApplication,
  TResolvedCase,
} from '@holdfast/contracts';
import { apiJson } from '../api';
import { fetchPage, nextCursorOf } from '../paging';

/** The staff's own dispute calls: what waits for them, and the history of resolved cases. */

export const DISPUTE_WORKLOAD_QUERY_KEY = ['/api/disputes/waiting'] as const;
export const DISPUTE_HISTORY_QUERY_KEY = ['/api/disputes/history'] as const;
export const DECISION_RECORD_QUERY_KEY = ['/api/disputes/history/figures'] as const;

/** GET /api/disputes/waiting: a moderator's or an admin's cases, the queue, overdue cases, second reviews. */
export function useDisputeWorkload(enabled = true) {
  return useQuery({
    queryKey: DISPUTE_WORKLOAD_QUERY_KEY,
    queryFn: () => apiJson<TDisputeWorkload>('GET', '/api/disputes/waiting'),
    enabled,
  });
}

/** GET /api/disputes/history?q=: resolved cases, latest decision first, a page at a time (X-Next-Cursor). */
export function useDisputeHistory(q: string) {
  return useInfiniteQuery({
    queryKey: [...DISPUTE_HISTORY_QUERY_KEY, q],
    queryFn: ({ pageParam }) => fetchPage<TResolvedCase>('/api/disputes/history', { q }, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
    // While a new search loads, the last answer stays on screen.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/disputes/history/figures: cases decided and the median time to decision. */
export function useDecisionRecord() {
  return useQuery({
    queryKey: DECISION_RECORD_QUERY_KEY,
    queryFn: () => apiJson<TDecisionRecord>('GET', '/api/disputes/history/figures'),
  });
}

/**
 * What else waits for an admin, from the admin area's own calls (the same query keys as its pages, so
 * both share one answer): failed background jobs and pending moderator applications.
 */
export function useAdminWaiting(enabled: boolean) {
  const jobs = useQuery<TAdminJobSummary>({ queryKey: ['/api/admin/jobs'], enabled });
  const applications = useQuery<TModeratorApplication[]>({
    queryKey: ['/api/admin/moderator-applications'],
    enabled,
  });
  return {
    failedJobs: jobs.data?.totals.failed,
    pendingApplications: applications.data?.filter((a) => a.status === 'pending').length,
    loading: jobs.isLoading || applications.isLoading,
    failed: jobs.isError || applications.isError,
  };
}
