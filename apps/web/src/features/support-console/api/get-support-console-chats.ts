import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TSupportConsoleChat, TSupportConsoleQuery } from '@holdfast/contracts';
import { fetchPage, nextCursorOf } from '@/lib/paging';
import { SUPPORT_QUERY_ROOT } from '@/lib/queries/get-support-messages';

export const SUPPORT_CONSOLE_QUERY_ROOT = [SUPPORT_QUERY_ROOT, 'console'] as const;
export const supportConsoleChatsQueryKey = (filter: TSupportConsoleQuery) =>
  [...SUPPORT_CONSOLE_QUERY_ROOT, 'chats', { status: filter.status ?? '', priority: filter.priority ?? '' }] as const;

/**
 * GET /api/support/console/chats: every support chat (staff), most urgent then oldest first, a page at a
 * time (the next page's cursor in X-Next-Cursor).
 */
export const getSupportConsoleChats = (filter: TSupportConsoleQuery, cursor?: string | null) =>
  fetchPage<TSupportConsoleChat>(
    '/api/support/console/chats',
    { status: filter.status, priority: filter.priority },
    cursor,
  );

export const supportConsoleChatsQueryOptions = (filter: TSupportConsoleQuery) =>
  infiniteQueryOptions({
    queryKey: supportConsoleChatsQueryKey(filter),
    queryFn: ({ pageParam }) => getSupportConsoleChats(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
    // Changing a filter keeps the previous list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });

export function useSupportConsoleChats(filter: TSupportConsoleQuery) {
  return useInfiniteQuery(supportConsoleChatsQueryOptions(filter));
}
