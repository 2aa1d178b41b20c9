import { MAX_RELIED_ON_EVIDENCE, PARTIAL_DISPUTE_MESSAGES as P } from '@holdfast/contracts';
import type { Tx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';

/**
 * A decision names the evidence it relied on: the ids must be evidence of this case. Today this checks
 * their shape only (uuids, at most 20, no repeats); the evidence table (dispute_evidence, issue 28 part 1)
 * lives on another branch, and the lead wires this hook to it at merge: every id must be a row of
 * dispute_evidence with dispute_id = `disputeId`, else 400 with P.evidenceInvalid. Returns the ids to store.
 */
export async function assertEvidenceOfCase(tx: Tx, disputeId: string, ids: readonly string[]): Promise<string[]> {
  void tx;
  void disputeId;
  const unique = [...new Set(ids)];
  if (unique.length > MAX_RELIED_ON_EVIDENCE) throw badRequest(P.tooManyEvidence, { evidenceIds: P.tooManyEvidence });
  if (!unique.every(isUuid)) throw badRequest(P.evidenceInvalid, { evidenceIds: P.evidenceInvalid });
  return unique;
}
