import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSendSupportMessageRequest, TSupportMessage } from '@holdfast/contracts';
import { apiJson } from '../api';
import { addToFirstPage, type Page } from '../paging';
import { SUPPORT_QUERY_ROOT, supportMessagesQueryKey } from './get-support-messages';

/** POST /api/support/chats/:id/messages: the customer in their own chat, or staff (stored as from support). */
export const sendSupportMessage = (chatId: string, body: TSendSupportMessageRequest) =>
  apiJson<TSupportMessage>('POST', `/api/support/chats/${encodeURIComponent(chatId)}/messages`, body);

export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, message }: { chatId: string; message: string }) => sendSupportMessage(chatId, { message }),
    onSuccess: (sent) => {
      // Shown at once; the refetch brings anything written meanwhile.
      queryClient.setQueryData<InfiniteData<Page<TSupportMessage>>>(supportMessagesQueryKey(sent.chatId), (old) =>
        addToFirstPage(old, sent, 'end'),
      );
      void queryClient.invalidateQueries({ queryKey: [SUPPORT_QUERY_ROOT] });
    },
  });
}
