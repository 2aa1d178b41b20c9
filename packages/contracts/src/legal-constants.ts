/** The pages an operator may replace with Markdown files of the same name in LEGAL_PAGES_DIR (terms.md, privacy.md). */
export const LEGAL_PAGE_NAMES = ['terms', 'privacy'] as const;
export type TLegalPageName = (typeof LEGAL_PAGE_NAMES)[number];

export const LEGAL_PAGE_TITLES: Record<TLegalPageName, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
};

/** Texts of the Terms acceptance (registration, the acceptance page, its call). */
export const LEGAL_MESSAGES = {
  /** Registration with acceptTerms: false. */
  mustAccept: 'You must accept the Terms of Service to create an account',
  /** The gate: a call refused until the current Terms are accepted. */
  acceptRequired: 'Please accept the Terms of Service to continue',
  versionChanged: 'The Terms of Service changed while you were reading them. Please read the new version and accept it',
  versionRequired: 'Say which version of the Terms of Service you accept',
  accepted: 'Terms accepted',
  acceptFailed: 'Failed to accept the Terms of Service',
  pageNotFound: 'Page not found',
} as const;
