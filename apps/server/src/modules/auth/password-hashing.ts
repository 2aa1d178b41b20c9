import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { DEFAULT_PASSWORD_HASH_COST } from '../../config.js';

/** Better Auth's other scrypt parameters: r = 16, p = 1, a 64-byte key. */
const BLOCK_SIZE = 16;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const WITH_COST = /^\$scrypt\$ln=(\d{1,2}),r=16,p=1\$([0-9a-f]+)\$([0-9a-f]+)$/;

/**
 * Password hashing for Better Auth (`emailAndPassword.password`). At the default cost it is Better Auth's
 * own scrypt, whose hashes read `salt:key`. Any other cost (PASSWORD_HASH_COST; a lower one outside
 * production only, for the tests, which hash thousands of passwords) writes the cost into the hash
 * (`$scrypt$ln=<cost>,r=16,p=1$<salt>$<key>`), so a stored hash is always checked at the cost it was made
 * with, whatever the setting is today.
 */
export function passwordHashing(cost: number) {
  return {
    async hash(password: string): Promise<string> {
      if (cost === DEFAULT_PASSWORD_HASH_COST) return hashPassword(password);
      const salt = randomBytes(16).toString('hex');
      const key = await derive(password, salt, cost);
      return `$scrypt$ln=${cost},r=${BLOCK_SIZE},p=${PARALLELISM}$${salt}$${key.toString('hex')}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const withCost = WITH_COST.exec(hash);
      if (!withCost) return verifyPassword({ hash, password });
      const [, stored, salt, key] = withCost;
      const expected = Buffer.from(key, 'hex');
      const derived = await derive(password, salt, Number(stored));
      return derived.length === expected.length && timingSafeEqual(derived, expected);
    },
  };
}

/** Better Auth's derivation (NFKC-normalised password, the hex salt as text), at 2^cost. */
function derive(password: string, salt: string, cost: number): Promise<Buffer> {
  const N = 2 ** cost;
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N, r: BLOCK_SIZE, p: PARALLELISM, maxmem: 128 * N * BLOCK_SIZE * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}
