import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature header, Stripe's shape: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'verification-signature';
/** A signed event older (or newer) than this is refused: a captured request cannot be replayed later. */
export const REPLAY_WINDOW_SECONDS = 5 * 60;

export function signPayload(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The header value a provider sends for `rawBody` at `timestamp` (tests and the stand-in use it too). */
export function signatureHeader(secret: string, rawBody: Buffer | string, timestamp: number): string {
  return `t=${timestamp},v1=${signPayload(secret, timestamp, rawBody)}`;
}

export type SignatureCheck = 'ok' | 'invalid' | 'stale';

/**
 * Whether `header` signs `rawBody` with `secret` within the replay window around `nowMs`. Every `v1` is
 * tried (a provider rolling its secret sends two), each compared in constant time.
 */
export function checkSignature(
  secret: string,
  header: string | undefined,
  rawBody: Buffer,
  nowMs: number,
): SignatureCheck {
  if (!header || !secret) return 'invalid';
  const parts = header.split(',').map((p) => p.trim().split('=', 2) as [string, string | undefined]);
  const t = parts.find(([k]) => k === 't')?.[1];
  const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
  if (!t || !/^\d{1,12}$/.test(t) || !signatures.length) return 'invalid';
  const timestamp = Number(t);
  const expected = Buffer.from(signPayload(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((s) => {
    if (!/^[0-9a-f]{64}$/i.test(s)) return false;
    return timingSafeEqual(Buffer.from(s, 'hex'), expected);
  });
  if (!matches) return 'invalid';
  // Checked after the signature: an unsigned request learns nothing about the window.
  return Math.abs(nowMs / 1000 - timestamp) > REPLAY_WINDOW_SECONDS ? 'stale' : 'ok';
}
