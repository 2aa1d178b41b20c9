import { expect } from 'vitest';
import type { Db } from '../../db/client.js';
import { checkLedger } from '../../ledger/index.js';
import { milestoneEscrowProblems } from './transactions.milestones.check.js';

/** The sandbox's test card that pays (payments.test-helpers GOOD_CARD; modules meet only through their index). */
export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

/** The ledger's invariants and every milestone's escrow (decision 033), exact. */
export async function expectMoneyExact(db: Db) {
  expect((await checkLedger(db)).problems).toEqual([]);
  expect(await milestoneEscrowProblems(db)).toEqual([]);
}
