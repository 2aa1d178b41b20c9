/**
 * What banks need to pay out, by currency, and the checks that catch a mistyped number before money
 * leaves: the IBAN's mod-97 checksum (ISO 13616), the shape of a BIC/SWIFT code (ISO 9362), a South
 * African universal branch code (6 digits) and a US ABA routing number's weighted checksum. Pure functions,
 * shared by the Withdraw form and the server (the withdraw request checks them per currency: `bankDetailsProblems` in withdrawals.ts).
 */

/** An IBAN or code as people type it, without spaces, in capitals: "gb82 west 1234…" → "GB82WEST1234…". */
export const compactCode = (value: string) => value.replace(/\s+/g, '').toUpperCase();

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
export const isValidZaBranchCode = (value: string) => /^\d{6}$/.test(value.trim());

/** A US ABA routing number: 9 digits whose 3-7-1 weighted sum is a multiple of 10. */
export function isValidAbaRouting(value: string): boolean {
  const v = value.trim();
  if (!/^\d{9}$/.test(v)) return false;
  const d = [...v].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}
