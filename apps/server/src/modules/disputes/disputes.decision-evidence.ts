import { and, count, eq, inArray } from 'drizzle-orm';
import { MAX_RELIED_ON_EVIDENCE, PARTIAL_DISPUTE_MESSAGES as P } from '@holdfast/contracts';
import type { Tx } from '../../db/client.js';
import { disputeEvidence } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';

/**
 * A decision names the evidence it relied on: at most 20 ids, each a file of this case (any other id, or
 * another case's file: 400). Returns the ids to store, without repeats.
 */
export async function assertEvidenceOfCase(tx: Tx, disputeId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_RELIED_ON_EVIDENCE) throw badRequest(P.tooManyEvidence, { evidenceIds: P.tooManyEvidence });
  if (!unique.every(isUuid)) throw badRequest(P.evidenceInvalid, { evidenceIds: P.evidenceInvalid });
  if (unique.length === 0) return unique;
  const [found] = await tx
    .select({ n: count() })
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.disputeId, disputeId), inArray(disputeEvidence.id, unique)));
  if (Number(found?.n ?? 0) !== unique.length) throw badRequest(P.evidenceInvalid, { evidenceIds: P.evidenceInvalid });
  return unique;
}
