/**
 * Why the person was signed out without asking, carried to the landing page across the navigation
 * (sessionStorage: this tab only, gone when read).
 */
const KEY = 'holdfast.signedOutReason';

export type SignedOutReason = 'idle' | 'expired';

export const SIGNED_OUT_MESSAGES: Record<SignedOutReason, string> = {
  idle: 'You were signed out after a period of inactivity. Sign in again to continue.',
  expired: 'Your session has expired. Please sign in again.',
};

export function rememberSignedOutReason(reason: SignedOutReason) {
  try {
    sessionStorage.setItem(KEY, reason);
  } catch {
    // Storage may be unavailable (private mode): the notice is a courtesy.
  }
}

/** The reason, once: reading it clears it. */
export function takeSignedOutReason(): SignedOutReason | null {
  try {
    const value = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return value === 'idle' || value === 'expired' ? value : null;
  } catch {
    return null;
  }
}
