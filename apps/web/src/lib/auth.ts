import * as React from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type {
  TLoginRequest,
  TLoginResponse,
  TRegisterRequest,
  TSessionResponse,
  TTwoFactorSignInRequest,
  TUser,
} from '@holdfast/contracts';
import { apiJson, apiRequest, getQueryFn } from './api';
import { rememberSignedOutReason } from './signed-out-notice';

/**
 * Session state shared by every feature (as bulletproof-react keeps auth in lib/): who is signed
 * in, and the calls that change it. The sign-in pages themselves live in features/auth.
 */

export const AUTH_USER_QUERY_KEY = ['/api/auth/session'] as const;

const fetchSession = getQueryFn<TSessionResponse>();

/**
 * GET /api/auth/session: the signed-in user, or null when signed out. It answers 200 either way, so a
 * signed-out page logs no failed request; `sessionEnded` says the server ended the session.
 */
export const userQueryOptions = () =>
  queryOptions({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: async (context): Promise<TUser | null> => {
      const body = await fetchSession(context);
      if (body.sessionEnded) rememberSignedOutReason('expired');
      return body.user;
    },
  });

/** The current user; any failure other than 401 (network, 5xx) also counts as signed out. */
export function useUser() {
  const query = useQuery(userQueryOptions());
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: !!query.data,
    error: query.error,
    refetch: query.refetch,
  };
}

/** Sign-in answers the user, or (two-factor on) that the code comes next: see TwoFactorStep. */
export const login = (body: TLoginRequest) => apiJson<TLoginResponse>('POST', '/api/auth/login', body);
export const register = (body: TRegisterRequest) => apiJson<{ user: TUser }>('POST', '/api/auth/register', body);
export const adminLogin = (body: TLoginRequest) => apiJson<TLoginResponse>('POST', '/api/auth/admin/login', body);
/** The second step of a two-factor sign-in: the code from the app or SMS, or a backup code. */
export const twoFactorSignIn = (body: TTwoFactorSignInRequest) =>
  apiJson<{ user: TUser }>('POST', '/api/auth/2fa/sign-in', body);
export const resendSignInSms = () =>
  apiJson<{ sent: true; phoneNumber: string }>('POST', '/api/auth/2fa/sign-in/send-sms');
export const logout = () => apiRequest('POST', '/api/auth/logout');
export const resendVerification = () => apiRequest('POST', '/api/auth/resend-verification');

function useSignInMutation<T, R extends TLoginResponse>(mutationFn: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      if ('user' in result) queryClient.setQueryData(AUTH_USER_QUERY_KEY, result.user);
    },
  });
}

export const useLogin = () => useSignInMutation(login);
export const useRegister = () => useSignInMutation(register);
export const useAdminLogin = () => useSignInMutation(adminLogin);
export const useTwoFactorSignIn = () => useSignInMutation(twoFactorSignIn);

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

/**
 * Signs out, forgets every cached answer and goes to /. A failed sign-out is logged and the user
 * still goes to / (spec sections 4 and 8).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [isPending, setPending] = React.useState(false);
  const signOut = React.useCallback(async () => {
    setPending(true);
    try {
      await logout();
    } catch (err) {
      console.error('Sign-out failed; leaving the signed-in area anyway', err);
    } finally {
      // Tell the router first (its user observer must see null), then forget everything else.
      void queryClient.cancelQueries();
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_USER_QUERY_KEY[0] });
      queryClient.getMutationCache().clear();
      setPending(false);
      navigate('/');
    }
  }, [queryClient, navigate]);
  return { logout: signOut, isPending };
}
