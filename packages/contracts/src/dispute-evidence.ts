import { z } from 'zod';
import { EVIDENCE_MESSAGES as M, STATEMENT_MAX_LENGTH } from './dispute-evidence-constants.js';
import { hasControlCharacters } from './text.js';

/** POST /api/disputes/{id}/statements: a party's side of the story (trimmed, 1..2000 characters). */
export const ZCreateDisputeStatementRequest = z.object({
  text: z
    .string({ error: M.statementRequired })
    .trim()
    .min(1, M.statementRequired)
    .max(STATEMENT_MAX_LENGTH, M.statementTooLong)
    .refine((s) => !hasControlCharacters(s), M.invalidCharacters),
});
export type TCreateDisputeStatementRequest = z.input<typeof ZCreateDisputeStatementRequest>;

/** Ids that are not uuids find nothing (404). */
export const ZDisputeEvidenceParams = z.object({ id: z.string().max(64), evidenceId: z.string().max(64) });
