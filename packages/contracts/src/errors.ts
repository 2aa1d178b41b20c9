import { z } from 'zod';

/** Stable error codes the client can branch on; `message` is for people. */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_FUNDS',
  'PAYMENT_FAILED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export const ZErrorResponse = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES).optional(),
  /** Field name -> first message, for validation failures. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
