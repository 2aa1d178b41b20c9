/** Pure rules of public profiles; no database here. */

/** How another party is named publicly: first name and last initial ("Thandi N."), never an email. */
export function counterpartyName(person: { firstName: string | null; lastName: string | null } | undefined): string {
  const first = person?.firstName?.trim() ?? '';
  const last = person?.lastName?.trim() ?? '';
  const initial = last ? `${[...last][0]!.toUpperCase()}.` : '';
  return [first, initial].filter(Boolean).join(' ') || 'Anonymous User';
}

/** What a public history shows for a deal whose description the other party wrote and did not publish. */
export const anonymousDescription = (type: 'product' | 'service') =>
  type === 'service' ? 'A service transaction' : 'A product transaction';

/** Newest entries of a public history. */
export const PUBLIC_HISTORY_LIMIT = 50;
