import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateSupportChatRequest, TSupportChat } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { SUPPORT_CHATS_QUERY_KEY } from './get-support-chats';

/** POST /api/support/chats: subject and priority; the server sets the status (open). */
export const createSupportChat = (body: TCreateSupportChatRequest) =>
  apiJson<TSupportChat>('POST', '/api/support/chats', body);

export function useCreateSupportChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupportChat,
    onSuccess: (chat) => {
      queryClient.setQueryData<TSupportChat[]>(SUPPORT_CHATS_QUERY_KEY, (list = []) => [
        chat,
        ...list.filter((c) => c.id !== chat.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: SUPPORT_CHATS_QUERY_KEY });
    },
  });
}
