import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicConfig, TUser } from '@holdfast/contracts';
import { isStaff } from '@holdfast/contracts/constants';
import { apiJson } from './api';

/** Used until GET /api/config answers, and if it cannot (spec: 2 minutes idle, 30 s warning). */
export const DEFAULT_PUBLIC_CONFIG: TPublicConfig = {
  sessionIdleTimeoutMs: 120_000,
  sessionWarningMs: 30_000,
  paymentsProvider: 'sandbox',
  stripePublishableKey: null,
  devMailbox: false,
  demoPayments: false,
  staffTwoFactorRequired: false,
  disputeClocks: { responseDays: 3, assignHours: 24, decisionDays: 5 },
};

export const getPublicConfig = () => apiJson<TPublicConfig>('GET', '/api/config');

export const publicConfigQueryOptions = () => queryOptions({ queryKey: ['/api/config'], queryFn: getPublicConfig });

/** Runtime settings from the server; `config` falls back to the defaults while loading or on failure. */
export function usePublicConfig() {
  const query = useQuery(publicConfigQueryOptions());
  return { ...query, config: query.data ?? DEFAULT_PUBLIC_CONFIG };
}

/**
 * Staff who must still enrol a second factor (REQUIRE_STAFF_2FA): the server refuses their calls and
 * sockets except their own account and security, so the web sends them to Security Settings.
 */
export const staffMustEnrolTwoFactor = (user: TUser, config: TPublicConfig) =>
  config.staffTwoFactorRequired && isStaff(user.role) && !user.twoFactorEnabled;
