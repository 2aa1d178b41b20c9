import { useMutation } from '@tanstack/react-query';
import type { TForgotPasswordRequest, TForgotPasswordResponse } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

/** POST /api/auth/forgot-password: the same answer whether or not an account has the address. */
export const forgotPassword = (body: TForgotPasswordRequest) =>
  apiJson<TForgotPasswordResponse>('POST', '/api/auth/forgot-password', body);

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
