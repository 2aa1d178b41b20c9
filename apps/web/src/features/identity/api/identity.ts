import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TIdentitySubmitResponse, TIdentityVerificationState } from '@holdfast/contracts';
import { apiJson, throwIfResNotOk } from '@/lib/api';
import { AUTH_USER_QUERY_KEY } from '@/lib/auth';

export const IDENTITY_STATE_KEY = ['/api/verification/identity'] as const;

/** GET /api/verification/identity: the caller's status, provider and latest submission. */
export const identityStateQueryOptions = () =>
  queryOptions({
    queryKey: IDENTITY_STATE_KEY,
    queryFn: () => apiJson<TIdentityVerificationState>('GET', '/api/verification/identity'),
  });

export const useIdentityState = () => useQuery(identityStateQueryOptions());

export interface IdentitySubmission {
  fields: Record<string, string>;
  files: Partial<Record<'front' | 'back' | 'selfie', File>>;
}

/**
 * POST /api/verification/identity as multipart: the typed fields, then the files (the browser sets the
 * boundary). With the hosted provider there are no files and the answer says where to go next.
 */
export async function submitIdentity({ fields, files }: IdentitySubmission): Promise<TIdentitySubmitResponse> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, file] of Object.entries(files)) if (file) body.append(name, file);
  const res = await fetch('/api/verification/identity', { method: 'POST', body, credentials: 'include' });
  await throwIfResNotOk(res);
  return (await res.json()) as TIdentitySubmitResponse;
}

export function useSubmitIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitIdentity,
    onSuccess: (answer) => {
      const { redirectUrl: _redirect, ...state } = answer;
      queryClient.setQueryData(IDENTITY_STATE_KEY, state);
      // The signed-in user carries kycStatus (badges elsewhere follow).
      void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
    },
  });
}
