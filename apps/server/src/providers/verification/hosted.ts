import { z } from 'zod';
import { checkSignature, SIGNATURE_HEADER } from './signature.js';
import {
  VerificationProviderUnavailableError,
  VerificationWebhookError,
  type VerificationEvent,
  type VerificationProvider,
} from './types.js';

export interface HostedVerificationOptions {
  /** The provider's API base, e.g. https://api.provider.example (sessions at POST /v1/verification_sessions). */
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** How long creating a session may take before the person is told to try again. */
  timeoutMs?: number;
}

const ZSession = z.object({ id: z.string().min(1).max(255), url: z.url({ protocol: /^https?$/ }) });

const ZEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({
    object: z.object({
      id: z.string().min(1).max(255),
      last_error: z.object({ reason: z.string().max(500).nullish() }).nullish(),
    }),
  }),
});

/** Stripe Identity's event names; Onfido's and Persona's carry the same two outcomes. */
const VERIFIED = 'identity.verification_session.verified';
const REQUIRES_INPUT = 'identity.verification_session.requires_input';
const DEFAULT_REJECTION = 'The verification provider could not verify your document. Please try again.';

/**
 * A hosted identity-verification provider over HTTP: the session is created server-side with the secret
 * API key (the person then goes to the session's URL), and the decision arrives by a webhook signed with
 * HMAC-SHA256 over `<timestamp>.<raw body>`, refused outside a 5-minute window.
 */
export function createHostedVerificationProvider(options: HostedVerificationOptions): VerificationProvider {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'hosted',
    collectsDocuments: false,
    async startSession({ reference, returnUrl }) {
      let res: Response;
      try {
        res = await fetch(`${options.url}/v1/verification_sessions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'document', reference, return_url: returnUrl }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new VerificationProviderUnavailableError(`verification provider unreachable: ${(err as Error).message}`);
      }
      if (!res.ok) throw new VerificationProviderUnavailableError(`verification provider answered ${res.status}`);
      const parsed = ZSession.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new VerificationProviderUnavailableError('verification provider sent no session');
      return { sessionId: parsed.data.id, url: parsed.data.url };
    },
    parseWebhook(rawBody, headers, nowMs = Date.now()): VerificationEvent {
      const header = headers[SIGNATURE_HEADER];
      const check = checkSignature(options.webhookSecret, Array.isArray(header) ? header[0] : header, rawBody, nowMs);
      if (check === 'invalid') throw new VerificationWebhookError('signature does not match', 'signature');
      if (check === 'stale') throw new VerificationWebhookError('timestamp outside the replay window', 'stale');
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new VerificationWebhookError('body is not JSON', 'malformed');
      }
      const parsed = ZEvent.safeParse(json);
      if (!parsed.success) throw new VerificationWebhookError('not a verification event', 'malformed');
      const { id, type, data } = parsed.data;
      if (type === VERIFIED) return { id, rawType: type, type: 'verified', sessionId: data.object.id };
      if (type === REQUIRES_INPUT)
        return {
          id,
          rawType: type,
          type: 'rejected',
          sessionId: data.object.id,
          reason: data.object.last_error?.reason?.trim() || DEFAULT_REJECTION,
        };
      return { id, rawType: type, type: 'other' };
    },
  };
}
