import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLiveChatThread } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

/** Every live chat query of the console starts with this; a /ws event invalidates it. */
export const LIVE_CHAT_THREADS_QUERY_KEY = ['/api/chat/threads'] as const;

/** GET /api/chat/threads (staff): every customer's thread, those awaiting a reply first. */
export const getLiveChatThreads = () => apiJson<TLiveChatThread[]>('GET', '/api/chat/threads');

export const liveChatThreadsQueryOptions = () =>
  queryOptions({ queryKey: LIVE_CHAT_THREADS_QUERY_KEY, queryFn: getLiveChatThreads });

export function useLiveChatThreads() {
  return useQuery(liveChatThreadsQueryOptions());
}
