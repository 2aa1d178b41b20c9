import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDirectMessage, TSendDirectMessageRequest } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { addToFirstPage, type Page } from '@/lib/paging';
import { CONVERSATIONS_QUERY_KEY, conversationMessagesQueryKey } from './keys';

/** POST /api/messages: to the other party of the conversation (the server trims and checks it). */
export const sendMessage = (body: TSendDirectMessageRequest) => apiJson<TDirectMessage>('POST', '/api/messages', body);

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => {
      // Shown at once; the refetch below (and the socket event) confirm it.
      queryClient.setQueryData<InfiniteData<Page<TDirectMessage>>>(
        conversationMessagesQueryKey(message.conversationId),
        (old) => addToFirstPage(old, message, 'end'),
      );
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY, exact: true });
    },
  });
}
