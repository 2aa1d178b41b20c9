import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TArchiveConversationResponse } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { CONVERSATIONS_QUERY_KEY } from './keys';

/** PATCH /api/conversations/:id/archive: off the caller's list until a newer message arrives. */
export const archiveConversation = (id: string) =>
  apiJson<TArchiveConversationResponse>('PATCH', `/api/conversations/${encodeURIComponent(id)}/archive`);

export function useArchiveConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY }),
  });
}
