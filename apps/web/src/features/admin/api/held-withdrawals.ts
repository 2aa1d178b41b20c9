import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { THeldWithdrawal, TWithdrawalReviewResult } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

export const HELD_WITHDRAWALS_KEY = ['/api/admin/withdrawals/held'] as const;
export type WithdrawalDecision = 'release' | 'reject';

/** GET /api/admin/withdrawals/held: withdrawals held by sanctions screening, the longest waiting first. */
export const heldWithdrawalsQueryOptions = () =>
  queryOptions({
    queryKey: HELD_WITHDRAWALS_KEY,
    queryFn: () => apiJson<THeldWithdrawal[]>('GET', '/api/admin/withdrawals/held'),
  });

export function useHeldWithdrawals() {
  return useQuery(heldWithdrawalsQueryOptions());
}

/** POST /api/admin/withdrawals/{id}/release or /reject, with the reason for the audit trail. */
export function useWithdrawalDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: WithdrawalDecision; reason: string }) =>
      apiJson<TWithdrawalReviewResult>('POST', `/api/admin/withdrawals/${encodeURIComponent(id)}/${decision}`, {
        reason,
      }),
    // Refreshed either way: a 409 means another admin decided it meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: HELD_WITHDRAWALS_KEY }),
  });
}
