/** Each page's own <title> (browser tabs, history, screen readers announce it on navigation). */
const TITLES: Array<[pattern: RegExp, title: string]> = [
  [/^\/$/, 'Escrow payments you can trust'],
  [/^\/(dashboard|home)$/, 'Dashboard'],
  [/^\/login$/, 'Sign In'],
  [/^\/register$/, 'Create Account'],
  [/^\/forgot-password$/, 'Forgot Password'],
  [/^\/reset-password$/, 'Reset Password'],
  [/^\/admin\/login$/, 'Admin Sign In'],
  [/^\/admin-dashboard$/, 'Admin Dashboard'],
  [/^\/admin\/users\/[^/]+$/, 'User'],
  [/^\/create-transaction$/, 'Create Transaction'],
  [/^\/transactions$/, 'Transactions'],
  [/^\/transactions\/[^/]+\/checkout$/, 'Fund Transaction'],
  [/^\/transactions\/[^/]+$/, 'Transaction Details'],
  [/^\/messages$/, 'Messages'],
  [/^\/deposit-funds$/, 'Wallet'],
  [/^\/wallet\/deposit$/, 'Deposit Funds'],
  [/^\/payment-success$/, 'Payment'],
  [/^\/moderator-dashboard$/, 'Moderator Dashboard'],
  [/^\/moderator\/cases\/[^/]+$/, 'Case File'],
  [/^\/disputes\/[^/]+$/, 'Case File'],
  [/^\/moderators$/, 'Our Moderators'],
  [/^\/moderator-application$/, 'Become a Moderator'],
  [/^\/security-settings$/, 'Security Settings'],
  [/^\/support$/, 'Support Center'],
  [/^\/support-console$/, 'Support Console'],
  [/^\/live-chat$/, 'Live Chat'],
  [/^\/profile-settings$/, 'Profile Settings'],
  [/^\/profile\/[^/]+$/, 'Public Profile'],
  [/^\/dev\/mailbox$/, 'Development Mailbox'],
  [/^\/terms$/, 'Terms of Service'],
  [/^\/privacy$/, 'Privacy Policy'],
  [/^\/fees$/, 'Fees'],
  [/^\/contact$/, 'Contact'],
  [/^\/help$/, 'Help'],
];

export function pageTitle(path: string): string {
  const match = TITLES.find(([pattern]) => pattern.test(path));
  return `${match ? match[1] : 'Page Not Found'} · Holdfast`;
}
