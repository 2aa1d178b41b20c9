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
