import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLiveChatMessage, TLiveChatSendRequest } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { LIVE_CHAT_THREADS_QUERY_KEY } from './live-chat-threads';

/** POST /api/chat/threads/:userId/send (staff): answers the customer as the support team. */
export const replyToLiveChat = (userId: string, body: TLiveChatSendRequest) =>
  apiJson<TLiveChatMessage>('POST', `/api/chat/threads/${encodeURIComponent(userId)}/send`, body);

export function useReplyToLiveChat(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLiveChatSendRequest) => replyToLiveChat(userId, body),
    // The thread and the list (no longer awaiting a reply).
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: LIVE_CHAT_THREADS_QUERY_KEY }),
  });
}
