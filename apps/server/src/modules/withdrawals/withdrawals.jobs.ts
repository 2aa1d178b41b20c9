import type { JobHandlers } from '../../jobs/index.js';
import type { WithdrawalsService } from './withdrawals.service.js';

export interface WithdrawalJobDeps {
  withdrawals: Pick<WithdrawalsService, 'settle'>;
}

/**
 * Settling payouts with the payout provider. A payout still on its way throws, so the scheduler asks
 * again with backoff; settling twice (a retry after a crash, two workers) moves the money once.
 */
export function withdrawalJobHandlers({ withdrawals }: WithdrawalJobDeps): JobHandlers {
  return {
    'payout.settle': async ({ withdrawalId }) => {
      await withdrawals.settle(withdrawalId);
    },
  };
}
