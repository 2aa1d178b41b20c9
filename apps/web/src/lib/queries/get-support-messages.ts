import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { THREAD_PAGE_SIZE, type TSupportMessage } from '@holdfast/contracts';
import { fetchPage, nextCursorOf } from '../paging';

/** Every support query starts with this, so one invalidation reaches lists and threads alike. */
export const SUPPORT_QUERY_ROOT = '/api/support';
export const supportMessagesQueryKey = (chatId: string) => [SUPPORT_QUERY_ROOT, 'chats', chatId, 'messages'] as const;

/**
 * GET /api/support/chats/:id/messages: a chat's latest THREAD_PAGE_SIZE messages, oldest first; each next page
 * (X-Next-Cursor) the ones before, shown with flattenHistory. Shared by the customer's Support Center
 * and the staff console, which read the same thread from either side.
 */
export const getSupportMessages = (chatId: string, cursor?: string | null) =>
  fetchPage<TSupportMessage>(
    `/api/support/chats/${encodeURIComponent(chatId)}/messages`,
    { limit: THREAD_PAGE_SIZE },
    cursor,
  );

export const supportMessagesQueryOptions = (chatId: string) =>
  infiniteQueryOptions({
    queryKey: supportMessagesQueryKey(chatId),
    queryFn: ({ pageParam }) => getSupportMessages(chatId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

export function useSupportMessages(chatId: string | null) {
  return useInfiniteQuery({ ...supportMessagesQueryOptions(chatId ?? ''), enabled: Boolean(chatId) });
}
