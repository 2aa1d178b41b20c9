/** The fields the Messages search looks at (spec section 2). */
interface Searchable {
  otherParticipant: { firstName: string | null; lastName: string | null };
  transaction: { description: string };
}

/**
 * Conversations whose other person's first name, last name (or the two as one full name) or transaction
 * description contains the search text (case-insensitive, surrounding spaces ignored); all of them for
 * an empty search.
 */
export function filterConversations<T extends Searchable>(conversations: readonly T[], search: string): T[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...conversations];
  return conversations.filter((c) =>
    [
      c.otherParticipant.firstName,
      c.otherParticipant.lastName,
      [c.otherParticipant.firstName, c.otherParticipant.lastName].filter(Boolean).join(' '),
      c.transaction.description,
    ].some((field) => (field ?? '').toLocaleLowerCase().includes(needle)),
  );
}
