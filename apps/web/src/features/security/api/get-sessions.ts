import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAccountSessionsResponse } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

export const SESSIONS_QUERY_KEY = ['/api/auth/sessions'] as const;

/** GET /api/auth/sessions: the caller's live sessions, the current one first. */
export const getSessions = () => apiJson<TAccountSessionsResponse>('GET', '/api/auth/sessions');

export const sessionsQueryOptions = () => queryOptions({ queryKey: SESSIONS_QUERY_KEY, queryFn: getSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
