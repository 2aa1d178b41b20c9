import type { Config } from '../../config.js';
import { createHostedVerificationProvider } from './hosted.js';
import { createManualVerificationProvider } from './manual.js';
import type { VerificationProvider } from './types.js';

export * from './types.js';
export { createManualVerificationProvider } from './manual.js';
export { createHostedVerificationProvider, type HostedVerificationOptions } from './hosted.js';
export { checkSignature, REPLAY_WINDOW_SECONDS, SIGNATURE_HEADER, signatureHeader } from './signature.js';

/** `hosted` when configured (config refuses it without URL, API key and webhook secret), else `manual`. */
export function createVerificationProvider(config: Config): VerificationProvider {
  const hosted = config.verification.hosted;
  if (config.verification.provider === 'hosted' && hosted) return createHostedVerificationProvider(hosted);
  return createManualVerificationProvider();
}
