import type { JobHandlers } from '../../jobs/index.js';
import type { IdentityService } from './identity.service.js';

/** KYC_RETENTION_DAYS after a decision: the documents go, the decision stays (safe to run twice). */
export function identityJobHandlers({ identity }: { identity: Pick<IdentityService, 'purgeDocuments'> }): JobHandlers {
  return {
    'identity.purge-documents': async ({ verificationId }) => {
      await identity.purgeDocuments(verificationId);
    },
  };
}
