import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * "This browser has signed in to this account before": a signed, HttpOnly cookie set at every successful
 * sign-in. OWASP's answer to lockout abuse: failures from elsewhere never block a device the owner used.
 * It proves only that; it is never a session and grants nothing on its own.
 */
export const DEVICE_COOKIE = 'holdfast.device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const sign = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(`device:${payload}`).digest('base64url');

/** A new device token for `userId`: `<userId>.<nonce>.<signature>`. */
export function deviceToken(userId: string, secret: string): string {
  const payload = `${userId}.${randomBytes(12).toString('base64url')}`;
  return `${payload}.${sign(payload, secret)}`;
}

/** The account a device token was issued for, or null when it is not one of ours. */
export function deviceUserId(token: string | undefined, secret: string): string | null {
  if (!token) return null;
  const last = token.lastIndexOf('.');
  if (last < 1) return null;
  const payload = token.slice(0, last);
  // The signature's text is compared, not its decoded bytes: base64url's last character carries unused bits,
  // so decoding would accept several spellings of one signature.
  const given = Buffer.from(token.slice(last + 1));
  const expected = Buffer.from(sign(payload, secret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return payload.slice(0, payload.indexOf('.')) || null;
}

/** The Set-Cookie line for a device token. */
export function deviceCookieHeader(token: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${token}`,
    'Path=/api/auth',
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
