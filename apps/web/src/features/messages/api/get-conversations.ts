import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TConversation } from '@holdfast/contracts';
import { fetchPage, nextCursorOf } from '@/lib/paging';
import { CONVERSATIONS_QUERY_KEY } from './keys';

/**
 * GET /api/conversations: one per transaction of the caller, newest activity first, a page at a time
 * (the next page's cursor in X-Next-Cursor; the plain call is page one).
 */
export const getConversations = (cursor?: string | null) => fetchPage<TConversation>('/api/conversations', {}, cursor);

export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: CONVERSATIONS_QUERY_KEY,
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

export function useConversations() {
  return useInfiniteQuery(conversationsQueryOptions());
}
