import { z } from 'zod';
import { PAGE_LIMITS } from './constants.js';
import { pageQuery } from './paging.js';

export const ZWalletBalance = z.object({
  /** Balance of the user's wallet currency, decimal string. */
  balance: z.string(),
  currency: z.string(),
  balances: z.array(z.object({ currency: z.string(), balance: z.string() })),
  /** Per currency, the caller's payments held in escrow for deals not yet finished (not in `balances`). */
  heldInEscrow: z.array(z.object({ currency: z.string(), amount: z.string() })),
  /** Per currency, withdrawals on their way to the caller's bank account (left the wallet, not yet paid). */
  onItsWayOut: z.array(z.object({ currency: z.string(), amount: z.string() })),
});
export type TWalletBalance = z.infer<typeof ZWalletBalance>;

export const WALLET_ACTIVITY_TYPES = [
  'deposit',
  'refund',
  'release',
  'payment',
  'resolution',
  'withdrawal',
  'adjustment',
] as const;

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

export const WALLET_ACTIVITY_DEFAULT_LIMIT = PAGE_LIMITS.walletActivity.default;
/** `?limit=&cursor=`: a page of wallet movements (the next cursor in X-Next-Cursor). */
export const ZWalletActivityQuery = pageQuery('walletActivity');
export const ZWalletActivityList = z.array(ZWalletActivity);
