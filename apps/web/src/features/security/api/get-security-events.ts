import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TSecurityEvent } from '@holdfast/contracts';
import { fetchPage, nextCursorOf } from '@/lib/paging';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/**
 * Under the sessions' key: whatever changes the sessions (a revocation, a password change) is a security
 * event too, so refreshing the sessions refreshes this list.
 */
export const SECURITY_EVENTS_KEY = [...SESSIONS_QUERY_KEY, 'security-events'] as const;

/** GET /api/auth/security-events: the caller's own security events, newest first, a page at a time. */
export const getSecurityEvents = (cursor?: string | null) =>
  fetchPage<TSecurityEvent>('/api/auth/security-events', {}, cursor);

export const securityEventsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: SECURITY_EVENTS_KEY,
    queryFn: ({ pageParam }) => getSecurityEvents(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

export const useSecurityEvents = () => useInfiniteQuery(securityEventsQueryOptions());
