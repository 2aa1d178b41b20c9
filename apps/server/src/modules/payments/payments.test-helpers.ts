import type { FastifyInstance } from 'fastify';
import { feeFor } from '@holdfast/contracts';
import { transactions } from '../../db/schema/index.js';
import { accountKey, getAccountBalance, getWalletBalance } from '../../ledger/index.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';

/** A buyer, a (verified) seller and a pending, unfunded transaction between them. */
export async function createPendingTransaction(
  app: FastifyInstance,
  opts: { amountMinor?: bigint; currency?: string } = {},
): Promise<{ buyer: RegisteredUser; seller: RegisteredUser; transactionId: string; totalMinor: bigint }> {
  const buyer = await registerUser(app, { role: 'buyer' });
  const seller = await registerUser(app, { role: 'seller' });
  const amount = opts.amountMinor ?? 10_000n;
  const fee = feeFor(amount);
  const [row] = await app.database.db
    .insert(transactions)
    .values({
      buyerId: buyer.user.id,
      sellerEmail: seller.email.toLowerCase(),
      amount,
      fee,
      total: amount + fee,
      currency: opts.currency ?? 'USD',
      description: 'Test item',
    })
    .returning({ id: transactions.id });
  return { buyer, seller, transactionId: row!.id, totalMinor: amount + fee };
}

export const escrowBalance = (app: FastifyInstance, transactionId: string, currency = 'USD') =>
  getAccountBalance(app.database.db, accountKey({ type: 'escrow', transactionId, currency }));

export const walletBalance = (app: FastifyInstance, userId: string, currency = 'USD') =>
  getWalletBalance(app.database.db, userId, currency);

export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
