import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TLiveChatThread } from '@holdfast/contracts';
import { fetchPage, nextCursorOf } from '@/lib/paging';

/** Every live chat query of the console starts with this; a /ws event invalidates it. */
export const LIVE_CHAT_THREADS_QUERY_KEY = ['/api/chat/threads'] as const;

/**
 * GET /api/chat/threads (staff): every customer's thread, those awaiting a reply first, then the newest,
 * a page at a time (the next page's cursor in X-Next-Cursor).
 */
export const getLiveChatThreads = (cursor?: string | null) =>
  fetchPage<TLiveChatThread>('/api/chat/threads', {}, cursor);

export const liveChatThreadsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: LIVE_CHAT_THREADS_QUERY_KEY,
    queryFn: ({ pageParam }) => getLiveChatThreads(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

export function useLiveChatThreads() {
  return useInfiniteQuery(liveChatThreadsQueryOptions());
}
