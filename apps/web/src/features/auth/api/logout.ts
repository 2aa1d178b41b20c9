import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from '@/lib/api';
import { AUTH_USER_QUERY_KEY } from './get-user';

export const logout = () => apiRequest('POST', '/api/auth/logout');

/**
 * Signs out, forgets every cached answer and goes to /. A failed sign-out is logged and the
 * user still goes to / (spec sections 4 and 8).
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
      navigate('/');
      queryClient.clear();
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, null);
      setPending(false);
    }
  }, [queryClient, navigate]);
  return { logout: signOut, isPending };
}
