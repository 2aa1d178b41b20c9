import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  TPhoneCodeSent,
  TPhoneVerificationConfirmRequest,
  TPhoneVerificationStartRequest,
  TVerificationStatus,
} from '@holdfast/contracts';
import { apiJson } from '../api';
import { AUTH_USER_QUERY_KEY } from '../auth';

export const VERIFICATION_STATUS_QUERY_KEY = ['/api/verification/status'] as const;

/**
 * GET /api/verification/status: the caller's tier, each tier's limits and the next step. Shared (lib/)
 * because the forms that move money show the limit before they are filled (transactions, wallet).
 */
export const getVerificationStatus = () => apiJson<TVerificationStatus>('GET', '/api/verification/status');

export const verificationStatusQueryOptions = () =>
  queryOptions({ queryKey: VERIFICATION_STATUS_QUERY_KEY, queryFn: getVerificationStatus });

export function useVerificationStatus(enabled = true) {
  return useQuery({ ...verificationStatusQueryOptions(), enabled });
}

export const startPhoneVerification = (body: TPhoneVerificationStartRequest) =>
  apiJson<TPhoneCodeSent>('POST', '/api/verification/phone', body);
export const confirmPhoneVerification = (body: TPhoneVerificationConfirmRequest) =>
  apiJson<TVerificationStatus>('POST', '/api/verification/phone/confirm', body);

/** After the phone changed: the status (tier, limits) and the signed-in user (phoneVerified). */
export function invalidateVerification(queryClient: QueryClient) {
  void Promise.all([
    queryClient.invalidateQueries({ queryKey: VERIFICATION_STATUS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY }),
  ]);
}
