import type { JobDeps } from '../../jobs/handlers.js';
import type { JobHandlers } from '../../jobs/scheduler.js';

/**
 * Settling payouts with the payout provider. A payout still on its way throws, so the scheduler asks
 * again with backoff; settling twice (a retry after a crash, two workers) moves the money once.
 */
export function withdrawalJobHandlers({ services }: JobDeps): JobHandlers {
  return {
    'payout.settle': async ({ withdrawalId }) => {
      await services.withdrawals.settle(withdrawalId);
    },
  };
}
