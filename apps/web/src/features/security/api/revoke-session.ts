import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** DELETE /api/auth/sessions/:id: signs out one of the caller's other sessions. */
export const revokeSession = (id: string) =>
  apiJson<{ ok: true }>('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`);

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    // Refreshed either way: a 404 means the session had already ended. Not awaited: the refreshed list
    // no longer holds the row that asked, and a caller's callbacks on mutate() run only while it is there.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
