import { createHmac, randomInt } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { BACKUP_CODE_ALPHABET, BACKUP_CODE_COUNT } from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import { twoFactorUsedCodes } from '../../db/schema/index.js';

const HASHED = 'h:';
/** An authenticator code is valid for its 30-second step and one step either side: 90 seconds at most. */
const CODE_LIFETIME_MS = 120_000;

/** A keyed hash of a short secret (codes): unreadable without AUTH_SECRET, equal for equal inputs. */
export const keyedHash = (secret: string, purpose: string, value: string) =>
  createHmac('sha256', secret).update(`${purpose}:${value}`).digest('hex');

/**
 * Fresh backup codes, xxxxx-xxxxx, from BACKUP_CODE_ALPHABET (no 0/O, 1/I/l to misread when typed from
 * paper). Used at enrolment and, as Better Auth's `customBackupCodesGenerate`, wherever it makes codes.
 */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const code = Array.from({ length: 10 }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join(
      '',
    );
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A backup code as typed: spaces dropped, the hyphen put back (codes are shown as xxxxx-xxxxx). */
export function normalizeBackupCode(code: string): string {
  const compact = code.replace(/[\s-]/g, '');
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : code.trim();
}

export const hashBackupCode = (secret: string, code: string) =>
  `${HASHED}${keyedHash(secret, 'backup-code', normalizeBackupCode(code))}`;

/**
 * Better Auth's `storeBackupCodes` hooks, so backup codes are stored as keyed hashes, never readable:
 * "encrypt" hashes each code not yet hashed (fresh codes at enrolment; what remains after one is used
 * is already hashed), "decrypt" hands the hashes back as they are. The code a person types is hashed
 * the same way before Better Auth compares it (`hashBackupCode`).
 */
export function hashedBackupCodeStorage(secret: string) {
  return {
    encrypt: async (json: string) => {
      const codes = JSON.parse(json) as string[];
      return JSON.stringify(codes.map((c) => (c.startsWith(HASHED) ? c : hashBackupCode(secret, c))));
    },
    decrypt: async (stored: string) => stored,
  };
}

/**
 * Claims an authenticator code for this account: true the first time, false when it was accepted
 * before (a replay). Atomic under concurrency through the primary key; expired claims are pruned.
 */
export async function claimTotpCode(db: Db, secret: string, userId: string, code: string): Promise<boolean> {
  await db
    .delete(twoFactorUsedCodes)
    .where(
      and(
        eq(twoFactorUsedCodes.userId, userId),
        lt(twoFactorUsedCodes.usedAt, new Date(Date.now() - CODE_LIFETIME_MS)),
      ),
    );
  const claimed = await db
    .insert(twoFactorUsedCodes)
    .values({ userId, codeHash: keyedHash(secret, 'totp', code) })
    .onConflictDoNothing()
    .returning({ userId: twoFactorUsedCodes.userId });
  return claimed.length === 1;
}

/** Gives a claim back when the code turned out wrong, so it never blocks the person's real code. */
export async function releaseTotpCode(db: Db, secret: string, userId: string, code: string): Promise<void> {
  await db
    .delete(twoFactorUsedCodes)
    .where(
      and(
        eq(twoFactorUsedCodes.userId, userId),
        eq(twoFactorUsedCodes.codeHash, sql`${keyedHash(secret, 'totp', code)}`),
      ),
    );
}
