import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRevokeOtherSessionsResponse } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** POST /api/auth/sessions/revoke-others: signs out everywhere but this browser. */
export const revokeOtherSessions = () =>
  apiJson<TRevokeOtherSessionsResponse>('POST', '/api/auth/sessions/revoke-others');

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
