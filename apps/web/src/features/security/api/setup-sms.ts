import { useMutation } from '@tanstack/react-query';
import type { TTwoFactorSetupSmsRequest, TTwoFactorSetupSmsResponse } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

/** POST /api/auth/2fa/setup/sms: a code goes to the number; the backup codes come back. */
export const setupSms = (body: TTwoFactorSetupSmsRequest) =>
  apiJson<TTwoFactorSetupSmsResponse>('POST', '/api/auth/2fa/setup/sms', body);

export const useSetupSms = () => useMutation({ mutationFn: setupSms });
