import type { TAcceptTransactionRequest } from '@holdfast/contracts';

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * Earliest expected delivery date, YYYY-MM-DD: tomorrow. The server counts "tomorrow" in UTC, so
 * the later of the local and the UTC tomorrow is used (a date picker never offers a refused day).
 */
export function minDeliveryDate(now: Date = new Date()): string {
  const local = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const utc = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const localIso = iso(local.getFullYear(), local.getMonth(), local.getDate());
  const utcIso = iso(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
  return localIso > utcIso ? localIso : utcIso;
}

/** Accept payload: notes trimmed, empty values left out. */
export function acceptPayload(expectedDeliveryDate: string, deliveryNotes: string): TAcceptTransactionRequest {
  const payload: TAcceptTransactionRequest = {};
  const date = expectedDeliveryDate.trim();
  const notes = deliveryNotes.trim();
  if (date) payload.expectedDeliveryDate = date;
  if (notes) payload.deliveryNotes = notes;
  return payload;
}

/** Why a chosen delivery date is refused, or null (empty is fine: the date is optional). */
export function deliveryDateError(value: string, now: Date = new Date()): string | null {
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Enter a valid date';
  return value < minDeliveryDate(now) ? 'Expected delivery date must be tomorrow or later' : null;
}
