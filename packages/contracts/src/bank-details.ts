/**
 * What banks need to pay out, by currency, and the checks that catch a mistyped number before money
 * leaves: the IBAN's mod-97 checksum (ISO 13616), the shape of a BIC/SWIFT code (ISO 9362), a South
 * African universal branch code (6 digits), a US ABA routing number's weighted checksum, a Canadian
 * institution (3 digits) and transit number (5 digits) and an Australian BSB (6 digits). Pure functions,
 * shared by the Withdraw form and the server (the withdraw request checks them per currency: `bankDetailsProblems` in withdrawals.ts).
 */

/** An IBAN or code as people type it, without spaces, in capitals: "gb82 west 1234…" → "GB82WEST1234…". */
export const compactCode = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * A bank number as people type it, without the spaces and hyphens they group it with: "062-000" → "062000",
 * "1234 5678" → "12345678". What is checked, stored and shown is this form.
 */
export const compactDigits = (value: string) => value.replace(/[\s-]+/g, '');

/** True when the number, once compacted, is `min` to `max` digits (an exact length when max is left out). */
export const hasDigits = (value: string, min: number, max = min) =>
  new RegExp(`^\\d{${min},${max}}$`).test(compactDigits(value));

/** True for an IBAN whose country, length and mod-97 checksum are right (length 15–34). */
export function isValidIban(value: string): boolean {
  const iban = compactCode(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** A BIC/SWIFT code: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export const isValidBic = (value: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compactCode(value));

/** A South African branch code: 6 digits. */
export const isValidZaBranchCode = (value: string) => hasDigits(value, 6);

/** A Canadian institution number (the bank, e.g. 003 for RBC): 3 digits. */
export const isValidCaInstitution = (value: string) => hasDigits(value, 3);

/** A Canadian transit number (the branch): 5 digits. */
export const isValidCaTransit = (value: string) => hasDigits(value, 5);

/** An Australian BSB (bank, state and branch): 6 digits, usually written 062-000. */
export const isValidAuBsb = (value: string) => hasDigits(value, 6);

/** A BSB as Australians write it: "062000" → "062-000" (anything else unchanged). */
export function formatBsb(value: string): string {
  const digits = compactDigits(value);
  return /^\d{6}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : value;
}

/** A US ABA routing number: 9 digits whose 3-7-1 weighted sum is a multiple of 10. */
export function isValidAbaRouting(value: string): boolean {
  const v = compactDigits(value);
  if (!/^\d{9}$/.test(v)) return false;
  const d = [...v].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}
