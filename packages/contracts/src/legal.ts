import { z } from 'zod';
import { LEGAL_MESSAGES } from './legal-constants.js';

/** GET /api/legal/{page}: the Terms or the Privacy Policy, as Markdown for the web to render (never as HTML). */
export const ZLegalPage = z.object({
  page: z.enum(['terms', 'privacy']),
  title: z.string(),
  markdown: z.string(),
  /** The built-in template (the operator has not supplied their own text): the page says so. */
  template: z.boolean(),
  /** The version people accept: the Terms' current version; null for the Privacy Policy. */
  version: z.string().nullable(),
});
export type TLegalPage = z.infer<typeof ZLegalPage>;

/** GET /api/company: who runs this service, from the operator's settings (null: not given). */
export const ZCompanyDetails = z.object({
  name: z.string(),
  registration: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type TCompanyDetails = z.infer<typeof ZCompanyDetails>;

/**
 * POST /api/auth/accept-terms: the version the person read and accepts (the one GET /api/legal/terms gave).
 * A different version than the current one is refused, so nobody accepts a text they were not shown.
 */
export const ZAcceptTermsRequest = z.object(
  {
    version: z.string({ error: LEGAL_MESSAGES.versionRequired }).trim().min(1, LEGAL_MESSAGES.versionRequired).max(100),
  },
  { error: LEGAL_MESSAGES.versionRequired },
);
export type TAcceptTermsRequest = z.infer<typeof ZAcceptTermsRequest>;
