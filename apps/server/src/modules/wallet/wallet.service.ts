import type { TPageQuery, TWalletActivity, TWalletBalance } from '@holdfast/contracts';
import type { Page } from '../../lib/cursor.js';
import type { Db } from '../../db/client.js';
import { findWalletCurrency, walletActivity, walletBalanceText, walletSummary } from './wallet.queries.js';

/** Wallets as people see them: balances and activity, read from the ledger. */
export function createWalletService({ db }: { db: Db }) {
  return {
    async summary(userId: string): Promise<TWalletBalance> {
      return walletSummary(db, userId, await findWalletCurrency(db, userId));
    },
    activity: (userId: string, query: TPageQuery): Promise<Page<TWalletActivity>> => walletActivity(db, userId, query),
    /** The balance in the user's wallet currency as a decimal string (GET /api/auth/user). */
    balanceText: (userId: string, currency: string): Promise<string> => walletBalanceText(db, userId, currency),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
