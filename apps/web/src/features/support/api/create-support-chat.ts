import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateSupportChatRequest, TSupportChat } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { addToFirstPage, type Page } from '@/lib/paging';
import { SUPPORT_CHATS_QUERY_KEY } from './get-support-chats';

/** POST /api/support/chats: subject and priority; the server sets the status (open). */
export const createSupportChat = (body: TCreateSupportChatRequest) =>
  apiJson<TSupportChat>('POST', '/api/support/chats', body);

export function useCreateSupportChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupportChat,
    onSuccess: (chat) => {
      queryClient.setQueryData<InfiniteData<Page<TSupportChat>>>(SUPPORT_CHATS_QUERY_KEY, (old) =>
        addToFirstPage(old, chat, 'start'),
      );
      void queryClient.invalidateQueries({ queryKey: SUPPORT_CHATS_QUERY_KEY });
    },
  });
}
