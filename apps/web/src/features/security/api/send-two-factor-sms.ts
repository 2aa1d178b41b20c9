import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

/** POST /api/auth/2fa/send-sms: a code to the account's SMS number. */
export const sendTwoFactorSms = () => apiJson<{ sent: true; phoneNumber: string }>('POST', '/api/auth/2fa/send-sms');

export const useSendTwoFactorSms = () => useMutation({ mutationFn: sendTwoFactorSms });
