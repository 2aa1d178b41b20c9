import { eq } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { Db } from '../../db/client.js';
import { twoFactorSetups, users } from '../../db/schema/index.js';
import { SmsDeliveryError, type SmsProvider } from '../../providers/sms/index.js';

/** Minutes an SMS code stays valid (Better Auth's otpOptions.period). */
export const SMS_CODE_MINUTES = 5;

/** The text of every code Holdfast sends by SMS (two-factor and phone verification). */
export const smsCodeText = (code: string, minutes: number = SMS_CODE_MINUTES) =>
  `Your Holdfast verification code is ${code}. It expires in ${minutes} minutes. Never share it; Holdfast will never ask for it.`;

/**
 * Where a person's SMS code goes: the number being enrolled while an SMS setup is under way, else the
 * verified number of an account that signs in with SMS codes. Null: nowhere (no SMS is sent).
 */
export async function smsDestination(db: Db, userId: string): Promise<string | null> {
  const [setup] = await db.select().from(twoFactorSetups).where(eq(twoFactorSetups.userId, userId));
  if (setup?.method === 'sms' && setup.phoneNumber) return setup.phoneNumber;
  const [user] = await db
    .select({ method: users.twoFactorMethod, phone: users.phoneNumber, verified: users.phoneVerified })
    .from(users)
    .where(eq(users.id, userId));
  return user?.method === 'sms' && user.phone && user.verified ? user.phone : null;
}

/** Better Auth's otpOptions.sendOTP: the code by text message to the right number. */
export function sendTwoFactorSms(db: Db, sms: SmsProvider) {
  return async ({ user, otp }: { user: { id: string }; otp: string }) => {
    const to = await smsDestination(db, user.id);
    if (!to)
      throw APIError.from('BAD_REQUEST', { code: 'NO_SMS_DESTINATION', message: 'No phone number for SMS codes' });
    try {
      await sms.send({ to, text: smsCodeText(otp), userId: user.id });
    } catch (error) {
      if (error instanceof SmsDeliveryError) {
        throw APIError.from('BAD_GATEWAY', { code: 'SMS_UNAVAILABLE', message: error.message });
      }
      throw error;
    }
  };
}
