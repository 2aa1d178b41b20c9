import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHashing } from '../modules/auth/index.js';

/**
 * The tests' password hashing: scrypt as Better Auth does it (`salt:key`, hex), at a 64th of its cost
 * (N=1024, r=4 against 16384, 16). The product's hash takes about 0.1 s of CPU and a run of the server's
 * tests makes thousands; what they check is our code around the hash, not scrypt (decision 034).
 * login.test.ts runs the product's hashing (`passwordHashing: undefined`).
 */
const N = 1024;
const R = 4;
const KEY_LENGTH = 64;

function key(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: R, p: 1 }, (err, derived) =>
      err ? reject(err) : resolve(derived),
    ),
  );
}

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await key(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, stored] = hash.split(':');
    if (!salt || !stored) return false;
    const derived = await key(password, salt);
    const expected = Buffer.from(stored, 'hex');
    return expected.length === derived.length && timingSafeEqual(expected, derived);
  },
};
