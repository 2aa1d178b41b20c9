import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIVE_CHAT_POLL_INTERVAL_MS, type TLiveChatMessage } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

export const LIVE_CHAT_MESSAGES_QUERY_KEY = ['/api/chat/messages'] as const;

/** GET /api/chat/messages: the caller's own thread with support, oldest first. */
export const getLiveChatMessages = () => apiJson<TLiveChatMessage[]>('GET', '/api/chat/messages');

/** Polled every 5 seconds as the spec says; the page also refetches when /ws announces a message. */
export const liveChatMessagesQueryOptions = () =>
  queryOptions({
    queryKey: LIVE_CHAT_MESSAGES_QUERY_KEY,
    queryFn: getLiveChatMessages,
    refetchInterval: LIVE_CHAT_POLL_INTERVAL_MS,
  });

export function useLiveChatMessages(enabled = true) {
  return useQuery({ ...liveChatMessagesQueryOptions(), enabled });
}
