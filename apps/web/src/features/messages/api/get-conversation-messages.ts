import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { THREAD_PAGE_SIZE, type TDirectMessage } from '@holdfast/contracts';
import { fetchPage, nextCursorOf } from '@/lib/paging';
import { conversationMessagesQueryKey } from './keys';

/**
 * GET /api/conversations/:id/messages: the latest THREAD_PAGE_SIZE, oldest first; each next page (X-Next-Cursor) the
 * ones before. Shown with flattenHistory.
 */
export const getConversationMessages = (id: string, cursor?: string | null) =>
  fetchPage<TDirectMessage>(
    `/api/conversations/${encodeURIComponent(id)}/messages`,
    { limit: THREAD_PAGE_SIZE },
    cursor,
  );

export const conversationMessagesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: conversationMessagesQueryKey(id),
    queryFn: ({ pageParam }) => getConversationMessages(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

export function useConversationMessages(id: string | null) {
  return useInfiniteQuery({ ...conversationMessagesQueryOptions(id ?? ''), enabled: !!id });
}
