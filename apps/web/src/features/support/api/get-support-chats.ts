import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TSupportChat } from '@holdfast/contracts';
import { fetchPage, nextCursorOf } from '@/lib/paging';
import { SUPPORT_QUERY_ROOT } from '@/lib/queries/get-support-messages';

export const SUPPORT_CHATS_QUERY_KEY = [SUPPORT_QUERY_ROOT, 'chats'] as const;

/** GET /api/support/chats: the caller's own support chats, newest first, a page at a time (X-Next-Cursor). */
export const getSupportChats = (cursor?: string | null) => fetchPage<TSupportChat>('/api/support/chats', {}, cursor);

export const supportChatsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: SUPPORT_CHATS_QUERY_KEY,
    queryFn: ({ pageParam }) => getSupportChats(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

export function useSupportChats(enabled = true) {
  return useInfiniteQuery({ ...supportChatsQueryOptions(), enabled });
}
