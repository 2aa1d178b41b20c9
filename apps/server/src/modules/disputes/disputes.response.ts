import type { TPartyRole } from '@holdfast/contracts';
import type { Tx } from '../../db/client.js';
import type { DisputeRow } from './disputes.queries.js';

// Stub: the response clock's real version replaces this.
export async function recordResponse(_tx: Tx, _d: DisputeRow, _role: TPartyRole, _now: Date): Promise<void> {}
