/** The pages a trustworthy service publishes, open to everyone: the footers and the Support Center link them. */
export const PUBLIC_PAGE_LINKS = [
  { href: '/help', label: 'Help' },
  { href: '/fees', label: 'Fees' },
  { href: '/contact', label: 'Contact' },
  { href: '/terms', label: 'Terms of Service' },
  { href: '/privacy', label: 'Privacy Policy' },
] as const;

/** Their paths: shown signed in or out, and while an account still has the Terms to accept. */
export const PUBLIC_PAGE_PATHS: ReadonlySet<string> = new Set(PUBLIC_PAGE_LINKS.map((l) => l.href));
