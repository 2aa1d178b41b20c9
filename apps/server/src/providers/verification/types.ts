/**
 * Identity verification (issue 30, decision 027). `manual`: the documents are uploaded to Holdfast and
 * staff decide in the review queue. `hosted`: in the shape of Stripe Identity, Onfido or Persona, the server
 * creates a verification session at the provider (the person is sent to its URL) and the provider's signed
 * webhook brings the decision.
 */
export interface VerificationProvider {
  readonly name: 'manual' | 'hosted';
  /** Whether the person uploads their documents here (manual) or on the provider's pages (hosted). */
  readonly collectsDocuments: boolean;
  /** Creates the provider's session for a submission: where to send the person next. Null for manual. */
  startSession(input: { reference: string; returnUrl: string }): Promise<{ sessionId: string; url: string } | null>;
  /**
   * Checks a webhook's signature and replay window over the raw body and returns the event; throws
   * VerificationWebhookError. `nowMs` is the wall clock (the provider signs with real time).
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    nowMs?: number,
  ): VerificationEvent;
}

/** A provider's event, reduced to what decides a submission. */
export type VerificationEvent =
  | { id: string; rawType: string; type: 'verified'; sessionId: string }
  | { id: string; rawType: string; type: 'rejected'; sessionId: string; reason: string }
  | { id: string; rawType: string; type: 'other' };

export class VerificationWebhookError extends Error {
  constructor(
    message: string,
    readonly reason: 'signature' | 'stale' | 'malformed' | 'not_configured',
  ) {
    super(message);
    this.name = 'VerificationWebhookError';
  }
}

/** The provider could not be reached or answered with an error: nothing was created. */
export class VerificationProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerificationProviderUnavailableError';
  }
}
