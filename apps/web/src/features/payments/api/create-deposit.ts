import { useMutation } from '@tanstack/react-query';
import type { TDepositRequest, TPaymentIntentResponse } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

/** POST /api/wallet/deposit: starts a card deposit into the caller's wallet. */
export const createDeposit = (body: TDepositRequest) =>
  apiJson<TPaymentIntentResponse>('POST', '/api/wallet/deposit', body);

export function useCreateDeposit() {
  return useMutation({ mutationFn: createDeposit });
}
