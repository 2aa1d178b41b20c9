import { useMutation } from '@tanstack/react-query';
import type { TTwoFactorSetupAppResponse } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

/** POST /api/auth/2fa/setup/app: the QR code and secret for the authenticator app, and the backup codes. */
export const setupAuthenticatorApp = () => apiJson<TTwoFactorSetupAppResponse>('POST', '/api/auth/2fa/setup/app');

export const useSetupAuthenticatorApp = () => useMutation({ mutationFn: setupAuthenticatorApp });
