import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLiveChatThreadDetail } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { LIVE_CHAT_THREADS_QUERY_KEY } from './live-chat-threads';

export const liveChatThreadQueryKey = (userId: string) => [...LIVE_CHAT_THREADS_QUERY_KEY, userId] as const;

/** GET /api/chat/threads/:userId/messages (staff): the thread and its latest messages, oldest first. */
export const getLiveChatThread = (userId: string) =>
  apiJson<TLiveChatThreadDetail>('GET', `/api/chat/threads/${encodeURIComponent(userId)}/messages`);

export const liveChatThreadQueryOptions = (userId: string) =>
  queryOptions({ queryKey: liveChatThreadQueryKey(userId), queryFn: () => getLiveChatThread(userId) });

export function useLiveChatThread(userId: string | null) {
  return useQuery({ ...liveChatThreadQueryOptions(userId ?? ''), enabled: userId !== null });
}
