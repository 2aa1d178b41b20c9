import { RESET_PASSWORD_PAGE } from '@holdfast/contracts';

/**
 * The emailed link opens the web page, not Better Auth's own redirect endpoint (which is not mounted,
 * see auth.plugin.ts): the page posts the token to POST /api/auth/reset-password.
 */
export function resetPasswordLink(publicUrl: string, token: string): string {
  return `${publicUrl}${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(token)}`;
}

export function passwordResetEmail(to: string, firstName: string | null | undefined, url: string) {
  const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
  return {
    to,
    subject: 'Reset your Holdfast password',
    text:
      `${greeting}\n\nSomeone (hopefully you) asked to reset the password of the Holdfast account for this address. ` +
      `To choose a new password, open this link within 1 hour:\n\n${url}\n\n` +
      'Resetting the password signs the account out on every device. If you did not ask for this, you can ' +
      'ignore this message: your password stays as it is.\n\nHoldfast',
  };
}
