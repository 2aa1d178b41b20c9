import { z } from 'zod';
import { ERROR_CODE_INFO, ERROR_CODES } from './constants.js';

export const ZErrorCode = z.enum(ERROR_CODES).meta({
  id: 'ErrorCode',
  description:
    'Stable error code to branch on (the message is for people):\n' +
    ERROR_CODES.map((c) => `- \`${c}\` (${ERROR_CODE_INFO[c].status}): ${ERROR_CODE_INFO[c].meaning}`).join('\n'),
});

export const ZErrorResponse = z
  .object({
    message: z.string(),
    code: ZErrorCode,
    /** Field name -> first message, for validation failures. */
    fields: z.record(z.string(), z.string()).optional(),
    /** VERIFICATION_REQUIRED: the verification tier that would allow the call (GET /api/verification/status). */
    requiredTier: z.number().int().min(1).max(3).optional(),
  })
  .meta({ id: 'ErrorResponse', description: 'Every failure: a message for people, a code for programs' });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
