import { PAYMENT_MESSAGES, isExpiryInFuture } from '@holdfast/contracts';

/** Card number as typed: digits only, grouped in fours, at most 19 digits. */
export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Expiry as typed: MM/YY, the slash added after the month. */
export function formatExpiry(raw: string, previous = ''): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit too, so backspace feels natural.
  if (previous.endsWith('/') && raw.length < previous.length) return digits.slice(0, 1);
  if (digits.length >= 3) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2) return `${digits}/`;
  return digits;
}

export function formatCvc(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 4);
}

export interface CardFields {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** Field problems found before asking the server, with the provider's own wording. */
export function cardFieldErrors(fields: CardFields, now = new Date()): Partial<Record<keyof CardFields, string>> {
  const errors: Partial<Record<keyof CardFields, string>> = {};
  const digits = fields.cardNumber.replace(/\s/g, '');
  if (!/^\d{12,19}$/.test(digits)) errors.cardNumber = PAYMENT_MESSAGES.incorrectNumber;
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(fields.expiry.trim())) errors.expiry = PAYMENT_MESSAGES.invalidExpiry;
  else if (!isExpiryInFuture(fields.expiry, now)) errors.expiry = PAYMENT_MESSAGES.expiredCard;
  if (!/^\d{3,4}$/.test(fields.cvc.trim())) errors.cvc = PAYMENT_MESSAGES.invalidCvc;
  return errors;
}
