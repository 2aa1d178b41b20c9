import { VerificationWebhookError, type VerificationProvider } from './types.js';

/** The embedded default: documents come to Holdfast and staff decide in the review queue; no webhooks. */
export function createManualVerificationProvider(): VerificationProvider {
  return {
    name: 'manual',
    collectsDocuments: true,
    startSession: async () => null,
    parseWebhook() {
      throw new VerificationWebhookError('No hosted verification provider is configured.', 'not_configured');
    },
  };
}
