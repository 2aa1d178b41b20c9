import { z } from 'zod';

export const ZWalletBalance = z.object({
  /** Balance of the user's wallet currency, decimal string. */
  balance: z.string(),
  currency: z.string(),
  balances: z.array(z.object({ currency: z.string(), balance: z.string() })),
});
export type TWalletBalance = z.infer<typeof ZWalletBalance>;

export const WALLET_ACTIVITY_TYPES = ['deposit', 'refund', 'release', 'payment', 'resolution', 'adjustment'] as const;

export const ZWalletActivity = z.object({
  id: z.string(),
  type: z.enum(WALLET_ACTIVITY_TYPES),
  /** Signed decimal string: positive credits the wallet, negative debits it. */
  amount: z.string(),
  currency: z.string(),
  status: z.enum(['completed', 'failed', 'pending']),
  description: z.string(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
});
export type TWalletActivity = z.infer<typeof ZWalletActivity>;

export const WALLET_ACTIVITY_DEFAULT_LIMIT = 10;
export const ZWalletActivityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(WALLET_ACTIVITY_DEFAULT_LIMIT),
});
export const ZWalletActivityList = z.array(ZWalletActivity);
