import { createHmac } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(input: string): Buffer {
  const clean = input.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/**
 * The code an authenticator app shows for a base32 secret (RFC 6238: SHA-1, 6 digits, 30 s), computed
 * independently of the server's library, as a person's phone would. `offsetSteps` picks a neighbouring
 * 30-second step (the server accepts one either side).
 */
export function totpCode(base32Secret: string, offsetSteps = 0, now = Date.now()): string {
  const counter = Math.floor(now / 30_000) + offsetSteps;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(base32Secret)).update(message).digest();
  const offset = digest[digest.length - 1]! & 15;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * A code the server accepts now and has not seen: the current step's unless `used` holds it, else the next
 * step's, else the previous one's. Never an offset from an earlier moment, which a slow machine can carry
 * past a step boundary.
 */
export function freshTotpCode(base32Secret: string, used: readonly string[], now = Date.now()): string {
  for (const offset of [0, 1, -1]) {
    const code = totpCode(base32Secret, offset, now);
    if (!used.includes(code)) return code;
  }
  throw new Error('every code the server accepts now was used');
}
