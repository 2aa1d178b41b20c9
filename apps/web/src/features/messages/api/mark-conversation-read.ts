import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDirectMessage, TMarkConversationReadResponse } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { mapPages, type Page } from '@/lib/paging';
import { CONVERSATIONS_QUERY_KEY, conversationMessagesQueryKey, conversationQueryKey } from './keys';

/** PATCH /api/conversations/:id/read: what was sent to the caller there is read (opening marks it). */
export const markConversationRead = (id: string) =>
  apiJson<TMarkConversationReadResponse>('PATCH', `/api/conversations/${encodeURIComponent(id)}/read`);

/** `meId`: the signed-in person, whose received messages in the open thread turn read at once. */
export function useMarkConversationRead(meId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (result) => {
      queryClient.setQueryData<InfiniteData<Page<TDirectMessage>>>(
        conversationMessagesQueryKey(result.conversationId),
        (old) => mapPages(old, (m) => (m.receiverId === meId && !m.isRead ? { ...m, isRead: true } : m)),
      );
      if (result.markedRead > 0) {
        void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY, exact: true });
        void queryClient.invalidateQueries({ queryKey: conversationQueryKey(result.conversationId), exact: true });
      }
    },
  });
}
