import { and, eq, ne } from 'drizzle-orm';
import { VERIFICATION_MESSAGES } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError, appError } from '../../lib/errors.js';

/**
 * The one rule of a verified phone number (issue 30): it proves a person once, so no two accounts hold the
 * same verified number. Checked before a code is sent (SMS two-factor and phone verification), and the
 * unique index users_verified_phone_idx settles a race between two accounts confirming at the same moment.
 */
export async function assertPhoneFree(db: DbOrTx, userId: string, phoneNumber: string): Promise<void> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), eq(users.phoneVerified, true), ne(users.id, userId)))
    .limit(1);
  if (other) throw phoneTaken();
}

export const phoneTaken = () => appError('PHONE_NUMBER_TAKEN', VERIFICATION_MESSAGES.phoneTaken);

const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' || isUniqueViolation((err as { cause?: unknown }).cause));

/** Runs a write that marks a number verified; the unique index's refusal becomes PHONE_NUMBER_TAKEN. */
export async function markingPhoneVerified<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!(err instanceof AppError) && isUniqueViolation(err)) throw phoneTaken();
    throw err;
  }
}
