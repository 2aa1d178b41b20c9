import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDeliverTransactionRequest, TTransaction } from '@holdfast/contracts';
import { apiJson, errorCode, errorStatus } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';

/**
 * The milestone actions of a deal paid in stages (decision 033); paying milestones is the checkout's
 * (features/payments). Each answers the whole transaction; each is a money route, so apiJson sends an
 * Idempotency-Key with it (a new one per attempt).
 */

const base = (id: string) => `/api/transactions/${encodeURIComponent(id)}/milestones`;
const one = (id: string, milestoneId: string) => `${base(id)}/${encodeURIComponent(milestoneId)}`;

/** POST …/milestones/:milestoneId/deliver (seller): a funded milestone's inspection period starts. */
export const deliverMilestone = (id: string, milestoneId: string, body: TDeliverTransactionRequest) =>
  apiJson<TTransaction>('POST', `${one(id, milestoneId)}/deliver`, body);

/** POST …/milestones/:milestoneId/confirm (buyer, with the phrase): its money is released to the seller. */
export const confirmMilestone = (id: string, milestoneId: string, confirmationPhrase: string) =>
  apiJson<TTransaction>('POST', `${one(id, milestoneId)}/confirm`, { confirmationPhrase });

/** POST …/milestones/:milestoneId/cancel (buyer, late delivery): its total returns to the wallet. */
export const cancelMilestone = (id: string, milestoneId: string) =>
  apiJson<TTransaction>('POST', `${one(id, milestoneId)}/cancel`);

/**
 * POST …/milestones/cancel-remaining (seller, after acceptance): the stages not yet delivered end, the funded
 * ones' totals back to the buyer; delivered and disputed ones go on.
 */
export const cancelRemainingStages = (id: string) => apiJson<TTransaction>('POST', `${base(id)}/cancel-remaining`);

/**
 * Every milestone refusal is a 409 about the deal as it is now (funded, delivered or ended meanwhile), and a
 * wallet spent elsewhere is INSUFFICIENT_FUNDS: fetch the deal and the balance again either way.
 */
function useMilestoneMutation<V>(id: string, call: (v: V) => Promise<TTransaction>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => invalidateTransactionsAndWallet(queryClient, id),
    onError: (err) => {
      if (errorStatus(err) === 409 || errorStatus(err) === 404 || errorCode(err) === 'INSUFFICIENT_FUNDS') {
        invalidateTransactionsAndWallet(queryClient, id);
      }
    },
  });
}

export const useDeliverMilestone = (id: string, milestoneId: string) =>
  useMilestoneMutation(id, (body: TDeliverTransactionRequest) => deliverMilestone(id, milestoneId, body));

export const useConfirmMilestone = (id: string, milestoneId: string) =>
  useMilestoneMutation(id, (phrase: string) => confirmMilestone(id, milestoneId, phrase));

export const useCancelMilestone = (id: string, milestoneId: string) =>
  useMilestoneMutation(id, () => cancelMilestone(id, milestoneId));

export const useCancelRemainingStages = (id: string) => useMilestoneMutation(id, () => cancelRemainingStages(id));
