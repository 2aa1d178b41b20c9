import { eq } from 'drizzle-orm';
import type { TUser } from '@holdfast/contracts';
import type { Db } from './db/client.js';
import { users } from './db/schema/index.js';
import type { SessionUser } from './lib/auth-context.js';
import { depositEntry, postEntry } from './ledger/index.js';
import type { TransactionsService } from './modules/transactions/index.js';

const asSessionUser = (u: TUser): SessionUser => ({
  id: u.id,
  email: u.email,
  emailVerified: u.emailVerified,
  role: u.role,
  firstName: u.firstName,
  lastName: u.lastName,
  twoFactorEnabled: u.twoFactorEnabled,
});

/**
 * Demo money for a new installation, through the same services and ledger as real use: the demo buyer
 * gets R 5 000,00 in the wallet (as a card deposit would), one transaction waits for the seller, one is
 * funded from the wallet (R 850,00 + R 25,50 fee, leaving R 4 124,50) and accepted, ready to confirm.
 */
export async function seedDemoMoney(
  transactions: TransactionsService,
  db: Db,
  buyerUser: TUser,
  sellerUser: TUser,
): Promise<void> {
  const buyer = asSessionUser(buyerUser);
  const seller = asSessionUser(sellerUser);
  await db.transaction((tx) =>
    postEntry(
      tx,
      depositEntry({
        userId: buyer.id,
        currency: 'ZAR',
        amount: 500000n,
        provider: 'sandbox',
        paymentId: 'demo-seed-deposit',
        memo: 'Demo deposit',
      }),
    ),
  );
  await transactions.create(buyer, {
    amount: '1200.00',
    currency: 'ZAR',
    sellerEmail: seller.email,
    description: 'Vintage record player, fully serviced',
    type: 'product',
  });
  const design = await transactions.create(buyer, {
    amount: '850.00',
    currency: 'ZAR',
    sellerEmail: seller.email,
    description: 'Logo design for a coffee shop (3 concepts)',
    type: 'service',
  });
  await transactions.fundFromWallet(buyer, design.id);
  await transactions.accept(seller, design.id, { deliveryNotes: 'First concepts within three working days' });
}

/** Fictional numbers (the 555 range) for the demo people, verified as after the SMS step. */
export const DEMO_PHONE_NUMBERS = ['+27825550001', '+27825550002'] as const;

export async function verifyDemoPhones(db: Db, people: TUser[]): Promise<void> {
  for (const [i, person] of people.entries()) {
    await db
      .update(users)
      .set({ phoneNumber: DEMO_PHONE_NUMBERS[i], phoneVerified: true })
      .where(eq(users.id, person.id));
  }
}
