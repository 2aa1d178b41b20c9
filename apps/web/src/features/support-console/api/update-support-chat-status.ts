import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSupportChat, TSupportStatus } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { SUPPORT_QUERY_ROOT } from '@/lib/queries/get-support-messages';

/** PATCH /api/support/chats/:id/status (staff): forward only, open → in_progress → resolved → closed. */
export const updateSupportChatStatus = (id: string, status: TSupportStatus) =>
  apiJson<TSupportChat>('PATCH', `/api/support/chats/${encodeURIComponent(id)}/status`, { status });

export function useUpdateSupportChatStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TSupportStatus }) => updateSupportChatStatus(id, status),
    // Refreshed either way: a 409 means someone else moved the chat first.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SUPPORT_QUERY_ROOT] }),
  });
}
