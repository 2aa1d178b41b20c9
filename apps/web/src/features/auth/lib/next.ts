/** Where the verification link sends a person who must sign in first (see the server's verify-email route). */
export const VERIFY_EMAIL_PATH = '/api/identity/verify-email';

/**
 * The `next` query parameter of the login page, if it is a place we are willing to go after signing in.
 * Only the email verification link qualifies: anything else could turn the login page into an open redirect.
 */
export function safeNext(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith(`${VERIFY_EMAIL_PATH}?`)) return null;
  return next;
}
