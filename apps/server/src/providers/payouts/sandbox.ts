import { SANDBOX_FAILING_ACCOUNT_SUFFIX, WITHDRAWAL_MESSAGES } from '@holdfast/contracts';
import { PayoutProviderError, type PayoutProvider, type PayoutResult } from './types.js';

const PREFIX = 'po_sandbox_';

/**
 * The embedded payout provider: pays nothing out. Every payout starts pending and has settled by the time
 * it is asked again (the withdrawal's settle job runs a few seconds later); an account number ending 0000
 * fails. Stateless, so any number of instances agree: the outcome is written into the payout id.
 */
export function createSandboxPayoutProvider(): PayoutProvider {
  return {
    name: 'sandbox',
    async createPayout({ withdrawalId, accountLast4 }) {
      const outcome = accountLast4.endsWith(SANDBOX_FAILING_ACCOUNT_SUFFIX) ? 'fail' : 'ok';
      return { id: `${PREFIX}${outcome}_${withdrawalId}`, status: 'pending' };
    },
    async getPayout(payoutId): Promise<PayoutResult> {
      const m = /^po_sandbox_(ok|fail)_(.+)$/.exec(payoutId);
      if (!m) throw new PayoutProviderError(`sandbox: no payout ${payoutId}`);
      return m[1] === 'ok'
        ? { id: payoutId, status: 'paid' }
        : { id: payoutId, status: 'failed', failureReason: WITHDRAWAL_MESSAGES.sandboxRejected };
    },
  };
}
