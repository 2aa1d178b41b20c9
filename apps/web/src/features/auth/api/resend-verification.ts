import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const resendVerification = () => apiRequest('POST', '/api/auth/resend-verification');

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
