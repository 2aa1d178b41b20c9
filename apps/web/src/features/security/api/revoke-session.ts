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
    // Refreshed either way: a 404 means the session had already ended.
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
