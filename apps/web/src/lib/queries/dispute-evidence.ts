import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDisputeEvidence, TDisputeStatement } from '@holdfast/contracts';
import { EVIDENCE_CAPTION_FIELD, EVIDENCE_FILE_FIELD } from '@holdfast/contracts/constants';
import { apiJson, throwIfResNotOk } from '../api';
import { disputeCaseQueryKey } from './disputes';

/** A dispute's statements and evidence (issue "Disputes that end"): parties and staff of the case. */

export const disputeEvidenceQueryKey = (id: string) => ['/api/disputes', id, 'evidence'] as const;
export const disputeStatementsQueryKey = (id: string) => ['/api/disputes', id, 'statements'] as const;

const path = (id: string) => `/api/disputes/${encodeURIComponent(id)}`;

/** GET /api/disputes/:id/evidence, oldest first. */
export function useDisputeEvidence(disputeId: string, enabled = true) {
  return useQuery({
    queryKey: disputeEvidenceQueryKey(disputeId),
    queryFn: () => apiJson<TDisputeEvidence[]>('GET', `${path(disputeId)}/evidence`),
    enabled,
  });
}

/** GET /api/disputes/:id/statements, oldest first. */
export function useDisputeStatements(disputeId: string) {
  return useQuery({
    queryKey: disputeStatementsQueryKey(disputeId),
    queryFn: () => apiJson<TDisputeStatement[]>('GET', `${path(disputeId)}/statements`),
  });
}

/**
 * POST /api/disputes/:id/evidence: the caption first, then the file (multipart; the browser sets the
 * boundary). Not idempotent on the server (a repeat adds a copy), so no Idempotency-Key.
 */
export async function uploadEvidence(disputeId: string, file: File, caption: string): Promise<TDisputeEvidence> {
  const body = new FormData();
  body.append(EVIDENCE_CAPTION_FIELD, caption);
  body.append(EVIDENCE_FILE_FIELD, file);
  const res = await fetch(`${path(disputeId)}/evidence`, { method: 'POST', body, credentials: 'include' });
  await throwIfResNotOk(res);
  return (await res.json()) as TDisputeEvidence;
}

/** After a submission: the lists and the case (its history gained a line). */
function useInvalidateCase(disputeId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: disputeCaseQueryKey(disputeId) });
  };
}

export function useUploadEvidence(disputeId: string) {
  const invalidate = useInvalidateCase(disputeId);
  return useMutation({
    mutationFn: ({ file, caption }: { file: File; caption: string }) => uploadEvidence(disputeId, file, caption),
    onSettled: invalidate,
  });
}

/** POST /api/disputes/:id/statements (a party's statement; idempotent with its key). */
export function useAddStatement(disputeId: string) {
  const invalidate = useInvalidateCase(disputeId);
  return useMutation({
    mutationFn: (text: string) => apiJson<TDisputeStatement>('POST', `${path(disputeId)}/statements`, { text }),
    onSettled: invalidate,
  });
}
