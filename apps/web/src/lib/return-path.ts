/**
 * Where a person goes back to after signing in: the page they opened signed out, or the one they were on
 * when the session ended. It travels as the sign-in page's `next` parameter, so only a path of this site
 * is ever followed: anything else could turn the sign-in page into an open redirect.
 */

/** The server route of the email verification link (see the server's verify-email route): a full page load. */
export const VERIFY_EMAIL_PATH = '/api/identity/verify-email';

/** Pages that lead to signing in themselves: never a place to return to (it would loop). */
const SIGN_IN_PAGES = new Set(['/login', '/register', '/admin/login', '/forgot-password', '/reset-password']);

const BASE = 'https://holdfast.invalid';

const hasControlCharacter = (value: string) =>
  [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * `value` when it is a relative path of this site worth returning to, normalised; else null. Refuses
 * other origins in every spelling a browser accepts (`https://…`, `//host`, `/\host`, backslashes, control
 * characters), the sign-in pages, and the API other than the verification link.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  // Browsers treat "\" as "/" and drop tabs and newlines, so "/\evil.com" and "/\t/evil.com" mean //evil.com.
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value) || hasControlCharacter(value))
    return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (SIGN_IN_PAGES.has(url.pathname)) return null;
  if (url.pathname.startsWith('/api/') && url.pathname !== VERIFY_EMAIL_PATH) return null;
  return url.pathname + url.search + url.hash;
}

/** Whether the path is a server route (the verification link), to be opened with a full page load. */
export const isServerPath = (path: string) => path.startsWith('/api/');

/** The `next` of a sign-in page's query string, when safe. */
export const returnPathOf = (search: string) => safeReturnPath(new URLSearchParams(search).get('next'));

/** The sign-in page (or the admin one) that comes back to `path` afterwards. */
export function signInPathFor(path: string, signIn: '/login' | '/admin/login' = '/login'): string {
  const next = safeReturnPath(path);
  return next && next !== '/' ? `${signIn}?next=${encodeURIComponent(next)}` : signIn;
}

/** Where the browser is now: path, query and fragment. */
export const currentPath = () => window.location.pathname + window.location.search + window.location.hash;

const KEY = 'holdfast.returnPath';

/**
 * Keeps the page a person was on when they were signed out without asking (idle), for their next sign-in
 * in this tab (sessionStorage: this tab only, gone when read).
 */
export function rememberReturnPath(path: string) {
  const safe = safeReturnPath(path);
  try {
    if (safe) sessionStorage.setItem(KEY, safe);
  } catch {
    // Storage may be unavailable (private mode): returning there is a courtesy.
  }
}

/** The remembered page, once: reading it clears it. */
export function takeReturnPath(): string | null {
  try {
    const value = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return safeReturnPath(value);
  } catch {
    return null;
  }
}
