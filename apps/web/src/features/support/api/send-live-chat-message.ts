import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLiveChatMessage, TLiveChatSendRequest } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { LIVE_CHAT_MESSAGES_QUERY_KEY } from './get-live-chat-messages';

/** POST /api/chat/send: writes into the caller's own thread. */
export const sendLiveChatMessage = (body: TLiveChatSendRequest) =>
  apiJson<TLiveChatMessage>('POST', '/api/chat/send', body);

export function useSendLiveChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendLiveChatMessage,
    onSuccess: (message) => {
      // Shown at once; the refetch (and the 5-second poll) bring anything else.
      queryClient.setQueryData<TLiveChatMessage[]>(LIVE_CHAT_MESSAGES_QUERY_KEY, (list = []) =>
        list.some((m) => m.id === message.id) ? list : [...list, message],
      );
      void queryClient.invalidateQueries({ queryKey: LIVE_CHAT_MESSAGES_QUERY_KEY });
    },
  });
}
