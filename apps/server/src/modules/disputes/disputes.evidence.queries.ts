import type { TDisputeEvidence, TDisputeStatement } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';

// Stub: the evidence part's real version replaces this.
export async function listCaseSubmissions(
  _db: DbOrTx,
  _disputeId: string,
): Promise<{ statements: TDisputeStatement[]; evidence: TDisputeEvidence[] }> {
  return { statements: [], evidence: [] };
}
