import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  TCreateDisputeNoteRequest,
  TCreateDisputeRequest,
  TCreateOfferRequest,
  TDispute,
  TDisputeCase,
  TDisputeNote,
  TDisputeStats,
  TRejectProposalRequest,
  TResolveDisputeRequest,
  TSettlementOffer,
} from '@holdfast/contracts';
import { apiJson } from '../api';
import { fetchPage, nextCursorOf, pageUrl } from '../paging';
import { invalidateTransactionsAndWallet } from './keys';
import { DECISION_RECORD_QUERY_KEY, DISPUTE_HISTORY_QUERY_KEY, DISPUTE_WORKLOAD_QUERY_KEY } from './staff-disputes';

/** Disputes (spec section 7): the parties' calls and the moderators' queue share these hooks. */

export const DISPUTES_QUERY_KEY = ['/api/disputes'] as const;
export const MODERATOR_DISPUTES_QUERY_KEY = ['/api/disputes/moderator'] as const;
export const DISPUTE_STATS_QUERY_KEY = ['/api/disputes/stats'] as const;
export const disputeCaseQueryKey = (id: string) => ['/api/disputes', id] as const;

const path = (id: string) => `/api/disputes/${encodeURIComponent(id)}`;

/** After any dispute change: every dispute list and case, the transactions and the wallets (money may move). */
function invalidateDisputes(queryClient: QueryClient, transactionId?: string) {
  void queryClient.invalidateQueries({ queryKey: DISPUTES_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: MODERATOR_DISPUTES_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: DISPUTE_STATS_QUERY_KEY });
  for (const queryKey of [DISPUTE_WORKLOAD_QUERY_KEY, DISPUTE_HISTORY_QUERY_KEY, DECISION_RECORD_QUERY_KEY])
    void queryClient.invalidateQueries({ queryKey });
  invalidateTransactionsAndWallet(queryClient, transactionId);
}

/**
 * GET /api/disputes?transactionId=: the caller's dispute on one transaction, asked of the server rather
 * than looked for in the paged list of all their disputes.
 */
export function useMyDisputes(transactionId: string, enabled = true) {
  return useQuery({
    queryKey: [...DISPUTES_QUERY_KEY, 'transaction', transactionId],
    queryFn: () => apiJson<TDispute[]>('GET', pageUrl('/api/disputes', { transactionId })),
    enabled,
  });
}

/** GET /api/disputes/:id: the whole case (dispute, transaction, history, offers). */
export function useDisputeCase(id: string | undefined) {
  return useQuery({
    queryKey: disputeCaseQueryKey(id ?? ''),
    queryFn: () => apiJson<TDisputeCase>('GET', path(id!)),
    enabled: Boolean(id),
  });
}

/** GET /api/disputes/moderator: the moderators' queue, a page at a time (X-Next-Cursor). */
export function useModeratorDisputes(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: MODERATOR_DISPUTES_QUERY_KEY,
    queryFn: ({ pageParam }) => fetchPage<TDispute>('/api/disputes/moderator', {}, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
    enabled,
  });
}

export function useDisputeStats(enabled: boolean) {
  return useQuery({
    queryKey: DISPUTE_STATS_QUERY_KEY,
    queryFn: () => apiJson<TDisputeStats>('GET', '/api/disputes/stats'),
    enabled,
  });
}

/** POST /api/disputes. */
export function useCreateDispute(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TCreateDisputeRequest, 'transactionId'>) =>
      apiJson<TDispute>('POST', '/api/disputes', { transactionId, ...body }),
    onSettled: () => invalidateDisputes(queryClient, transactionId),
  });
}

/** PATCH /api/disputes/:id/assign with the moderator's own id. */
export function useAssignDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moderatorId }: { id: string; moderatorId: string }) =>
      apiJson<TDispute>('PATCH', `${path(id)}/assign`, { moderatorId }),
    onSettled: () => invalidateDisputes(queryClient),
  });
}

/** PATCH /api/disputes/:id/resolve. */
export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TResolveDisputeRequest }) =>
      apiJson<TDispute>('PATCH', `${path(id)}/resolve`, body),
    onSettled: (d) => invalidateDisputes(queryClient, d?.transactionId),
  });
}

/** POST /api/disputes/:id/offers. */
export function useMakeOffer(disputeId: string, transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateOfferRequest) => apiJson<TSettlementOffer>('POST', `${path(disputeId)}/offers`, body),
    onSettled: () => invalidateDisputes(queryClient, transactionId),
  });
}

/** PATCH /api/disputes/:id/offers/:offerId/accept|reject. */
export function useAnswerOffer(disputeId: string, transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, answer }: { offerId: string; answer: 'accept' | 'reject' }) =>
      apiJson<TDispute>('PATCH', `${path(disputeId)}/offers/${encodeURIComponent(offerId)}/${answer}`),
    onSettled: () => invalidateDisputes(queryClient, transactionId),
  });
}

/** POST /api/disputes/:id/notes: a staff-only note; the case file shows it to staff. */
export function useAddDisputeNote(disputeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateDisputeNoteRequest) => apiJson<TDisputeNote>('POST', `${path(disputeId)}/notes`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: disputeCaseQueryKey(disputeId) }),
  });
}

/** POST /api/disputes/:id/approve: a second reviewer approves the waiting decision (the money moves). */
export function useApproveProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<TDispute>('POST', `${path(id)}/approve`),
    onSettled: (d) => invalidateDisputes(queryClient, d?.transactionId),
  });
}

/** POST /api/disputes/:id/reject-proposal: sends the waiting decision back to its moderator. */
export function useRejectProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TRejectProposalRequest }) =>
      apiJson<TDispute>('POST', `${path(id)}/reject-proposal`, body),
    onSettled: () => invalidateDisputes(queryClient),
  });
}
