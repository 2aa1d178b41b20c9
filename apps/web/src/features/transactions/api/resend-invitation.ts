import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TResendInvitationResponse } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';

/** POST /api/transactions/:id/resend-invitation: the buyer emails an invited seller again (once an hour). */
export const resendInvitation = (id: string) =>
  apiJson<TResendInvitationResponse>('POST', `/api/transactions/${encodeURIComponent(id)}/resend-invitation`);

export function useResendInvitation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendInvitation(id),
    onSuccess: () => invalidateTransactionsAndWallet(queryClient, id),
  });
}
