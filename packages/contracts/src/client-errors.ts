import { z } from 'zod';
import { CLIENT_ERROR_LIMITS as LIMITS } from './constants.js';

/** What the web app's error page sends about the error it caught (POST /api/client-errors). */
export const ZClientErrorReport = z.object({
  message: z.string().max(LIMITS.message),
  stack: z.string().max(LIMITS.stack).optional(),
  /** React's component stack: which components were rendering. */
  componentStack: z.string().max(LIMITS.componentStack).optional(),
  /** The page's address when it failed. */
  url: z.string().max(LIMITS.url),
});
export type TClientErrorReport = z.infer<typeof ZClientErrorReport>;
