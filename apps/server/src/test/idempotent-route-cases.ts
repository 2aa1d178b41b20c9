import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { CONFIRMATION_PHRASE, type TTransaction } from '@holdfast/contracts';
import { transactionMilestones, transactions } from '../db/schema/index.js';
import { registerUser, uniqueEmail, type RegisteredUser } from './factories.js';
import { acceptedFundedTransaction, as, createTransaction, creditWallet, parties, ZA_BANK } from './money-factories.js';
import type { StripeStandIn } from './stripe-stand-in.js';

/** One successful call of an idempotent route, as its caller sends it. */
export interface IdempotentCall {
  who: RegisteredUser;
  method: Extract<InjectOptions['method'], 'POST' | 'PATCH'>;
  url: string;
  body?: object;
}

export interface CaseContext {
  app: FastifyInstance;
  stripe?: StripeStandIn;
}

export interface RouteCase {
  /** The operation as the OpenAPI document names it, e.g. `PATCH /api/transactions/{id}/accept`. */
  route: string;
  /** The app it needs: the default one (sandbox payments), or one paying through the Stripe stand-in. */
  app?: 'stripe';
  /** Makes a fresh situation in which the call succeeds (and has its effect), and returns the call. */
  setup(ctx: CaseContext): Promise<IdempotentCall>;
}

/** The JSON answer of a setup call, which must succeed with `status`. */
const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 201) => {
  const done = await res;
  if (done.statusCode !== status) throw new Error(`setup call failed: ${done.statusCode} ${done.body}`);
  return JSON.parse(done.body) as Record<string, string>;
};

/** A funded, accepted transaction with a dispute its buyer opened, and a moderator. */
async function disputed(app: FastifyInstance) {
  const deal = await acceptedFundedTransaction(app);
  const opened = await ok(
    as(app, deal.buyer)('POST', '/api/disputes', {
      transactionId: deal.transaction.id,
      type: 'goods_not_received',
      description: 'The parcel never arrived',
    }),
  );
  const moderator = await registerUser(app, { role: 'moderator' });
  return { ...deal, disputeId: opened.id!, moderator };
}

/**
 * A dispute of R 50 000 (the default DISPUTE_SECOND_REVIEW_AMOUNT) whose moderator's decision waits for a
 * second review, and a second moderator.
 */
async function proposed(app: FastifyInstance) {
  const deal = await acceptedFundedTransaction(app, { amount: '50000.00' }, await parties(app, 2));
  const opened = await ok(
    as(app, deal.buyer)('POST', '/api/disputes', {
      transactionId: deal.transaction.id,
      type: 'quality_issue',
      description: 'Broken on arrival',
    }),
  );
  const moderator = await registerUser(app, { role: 'moderator' });
  await ok(
    as(app, moderator)('PATCH', `/api/disputes/${opened.id}/resolve`, {
      resolution: 'refund_buyer',
      resolutionNotes: 'Photos show the damage',
    }),
    200,
  );
  return { disputeId: opened.id!, reviewer: await registerUser(app, { role: 'moderator' }) };
}

/** A dispute with an open offer from its buyer. */
async function offered(app: FastifyInstance) {
  const d = await disputed(app);
  const offer = await ok(
    as(app, d.buyer)('POST', `/api/disputes/${d.disputeId}/offers`, { refundAmount: '40.00', message: 'Half back?' }),
  );
  return { ...d, offerId: offer.id! };
}

/** A pending transaction of a new buyer and the buyer's card payment intent for it. */
async function cardPayment(app: FastifyInstance) {
  const { buyer, seller } = await parties(app);
  const created = await createTransaction(app, buyer, seller.email);
  const intent = await ok(as(app, buyer)('POST', `/api/transactions/${created.id}/create-payment-intent`), 200);
  return { buyer, intent };
}

/**
 * A deal paid in two stages of R 100 (R 103 each with the fee) between new parties; `funded`: the seller
 * accepted it and the buyer paid its first milestone from the wallet (credited just enough).
 */
async function stagedDeal(app: FastifyInstance, funded: boolean) {
  const { buyer, seller } = await parties(app);
  const created = await ok(
    as(app, buyer)('POST', '/api/transactions', {
      amount: '200.00',
      currency: 'ZAR',
      sellerEmail: seller.email,
      description: 'In two stages',
      milestones: [
        { title: 'First', amount: '100.00' },
        { title: 'Second', amount: '100.00' },
      ],
    }),
  );
  const transaction = created as unknown as TTransaction;
  await creditWallet(app.database.db, buyer.user.id, funded ? 10_300n : 20_600n);
  if (!funded) return { buyer, seller, transaction };
  await ok(as(app, seller)('PATCH', `/api/transactions/${transaction.id}/accept`, {}), 200);
  const first = transaction.milestones[0]!.id;
  await ok(as(app, buyer)('POST', `/api/transactions/${transaction.id}/milestones/${first}/fund`), 200);
  return { buyer, seller, transaction };
}

const application = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Moderator',
  email,
  phone: '+27 82 000 0000',
  experience: 'Five years of community moderation',
  motivation: 'I like fair outcomes',
  availability: '20 hours a week',
  languages: 'English',
});

/**
 * Every route that declares `config: { idempotent: true }`, with a call that succeeds. The idempotency
 * routes test checks that this list names exactly the operations the OpenAPI document marks
 * `x-idempotent`, so a new idempotent route cannot be left out.
 */
export const IDEMPOTENT_ROUTE_CASES: RouteCase[] = [
  {
    route: 'POST /api/transactions',
    setup: async ({ app }) => {
      const { buyer, seller } = await parties(app);
      const body = { amount: '100', currency: 'ZAR', sellerEmail: seller.email, description: 'Once' };
      return { who: buyer, method: 'POST', url: '/api/transactions', body };
    },
  },
  ...(['accept', 'decline', 'cancel'] as const).map((action): RouteCase => ({
    route: `PATCH /api/transactions/{id}/${action}`,
    setup: async ({ app }) => {
      const { buyer, seller } = await parties(app);
      const created = await createTransaction(app, buyer, seller.email);
      const who = action === 'cancel' ? buyer : seller;
      return { who, method: 'PATCH', url: `/api/transactions/${created.id}/${action}`, body: {} };
    },
  })),
  {
    route: 'PATCH /api/transactions/{id}/confirm',
    setup: async ({ app }) => {
      const { buyer, transaction } = await acceptedFundedTransaction(app);
      const body = { confirmationPhrase: CONFIRMATION_PHRASE };
      return { who: buyer, method: 'PATCH', url: `/api/transactions/${transaction.id}/confirm`, body };
    },
  },
  {
    route: 'PATCH /api/transactions/{id}/deliver',
    setup: async ({ app }) => {
      const { seller, transaction } = await acceptedFundedTransaction(app);
      return { who: seller, method: 'PATCH', url: `/api/transactions/${transaction.id}/deliver`, body: {} };
    },
  },
  {
    route: 'POST /api/transactions/{id}/fund-from-wallet',
    setup: async ({ app }) => {
      const { buyer, seller } = await parties(app);
      const created = await createTransaction(app, buyer, seller.email);
      await creditWallet(app.database.db, buyer.user.id, 10_300n);
      return { who: buyer, method: 'POST', url: `/api/transactions/${created.id}/fund-from-wallet` };
    },
  },
  {
    route: 'POST /api/transactions/{id}/create-payment-intent',
    setup: async ({ app }) => {
      const { buyer, seller } = await parties(app);
      const created = await createTransaction(app, buyer, seller.email);
      return { who: buyer, method: 'POST', url: `/api/transactions/${created.id}/create-payment-intent` };
    },
  },
  ...(['fund', 'deliver', 'confirm', 'cancel'] as const).map((action): RouteCase => ({
    route: `POST /api/transactions/{id}/milestones/{milestoneId}/${action}`,
    setup: async ({ app }) => {
      const deal = await stagedDeal(app, action !== 'fund');
      const m = deal.transaction.milestones[0]!.id;
      const url = `/api/transactions/${deal.transaction.id}/milestones/${m}/${action}`;
      if (action === 'fund') return { who: deal.buyer, method: 'POST', url };
      if (action === 'deliver') return { who: deal.seller, method: 'POST', url, body: {} };
      if (action === 'confirm') {
        return { who: deal.buyer, method: 'POST', url, body: { confirmationPhrase: CONFIRMATION_PHRASE } };
      }
      // A late milestone: accepted and funded a month ago, so its delivery grace has passed.
      const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
      const db = app.database.db;
      await db.update(transactions).set({ acceptedAt: monthAgo }).where(eq(transactions.id, deal.transaction.id));
      await db.update(transactionMilestones).set({ fundedAt: monthAgo }).where(eq(transactionMilestones.id, m));
      return { who: deal.buyer, method: 'POST', url };
    },
  })),
  {
    route: 'POST /api/transactions/{id}/milestones/cancel-remaining',
    setup: async ({ app }) => {
      const deal = await stagedDeal(app, true);
      const url = `/api/transactions/${deal.transaction.id}/milestones/cancel-remaining`;
      return { who: deal.seller, method: 'POST', url };
    },
  },
  {
    route: 'POST /api/transactions/{id}/milestones/fund',
    setup: async ({ app }) => {
      const deal = await stagedDeal(app, false);
      const body = { milestoneIds: deal.transaction.milestones.map((m) => m.id) };
      return { who: deal.buyer, method: 'POST', url: `/api/transactions/${deal.transaction.id}/milestones/fund`, body };
    },
  },
  {
    route: 'POST /api/wallet/deposit',
    setup: async ({ app }) => {
      const who = await registerUser(app);
      return { who, method: 'POST', url: '/api/wallet/deposit', body: { amount: '50.00', currency: 'ZAR' } };
    },
  },
  {
    route: 'POST /api/payments/sandbox/confirm',
    setup: async ({ app }) => {
      const { buyer, intent } = await cardPayment(app);
      const body = {
        clientSecret: intent.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
      };
      return { who: buyer, method: 'POST', url: '/api/payments/sandbox/confirm', body };
    },
  },
  {
    route: 'POST /api/payments/{paymentId}/sync',
    app: 'stripe',
    setup: async ({ app, stripe }) => {
      const { buyer, intent } = await cardPayment(app);
      const paid = [...stripe!.intents.values()].find((i) => i.metadata.paymentId === intent.paymentId)!;
      stripe!.succeed(paid.id);
      return { who: buyer, method: 'POST', url: `/api/payments/${intent.paymentId}/sync` };
    },
  },
  {
    route: 'POST /api/wallet/withdraw',
    setup: async ({ app }) => {
      const who = await registerUser(app, { role: 'seller', tier: 2 });
      await creditWallet(app.database.db, who.user.id, 20_000n);
      const body = {
        amount: '150.00',
        currency: 'ZAR',
        accountHolderName: 'Thandi Nkosi',
        ...ZA_BANK,
      };
      return { who, method: 'POST', url: '/api/wallet/withdraw', body };
    },
  },
  {
    route: 'POST /api/disputes',
    setup: async ({ app }) => {
      const { buyer, transaction } = await acceptedFundedTransaction(app);
      const body = { transactionId: transaction.id, type: 'goods_not_received', description: 'Never arrived' };
      return { who: buyer, method: 'POST', url: '/api/disputes', body };
    },
  },
  {
    route: 'PATCH /api/disputes/{id}/assign',
    setup: async ({ app }) => {
      const { disputeId, moderator } = await disputed(app);
      const body = { moderatorId: moderator.user.id };
      return { who: moderator, method: 'PATCH', url: `/api/disputes/${disputeId}/assign`, body };
    },
  },
  {
    route: 'PATCH /api/disputes/{id}/resolve',
    setup: async ({ app }) => {
      const { disputeId, moderator } = await disputed(app);
      const body = { resolution: 'refund_buyer', resolutionNotes: 'Not delivered' };
      return { who: moderator, method: 'PATCH', url: `/api/disputes/${disputeId}/resolve`, body };
    },
  },
  {
    route: 'POST /api/disputes/{id}/approve',
    setup: async ({ app }) => {
      const { disputeId, reviewer } = await proposed(app);
      return { who: reviewer, method: 'POST', url: `/api/disputes/${disputeId}/approve` };
    },
  },
  {
    route: 'POST /api/disputes/{id}/reject-proposal',
    setup: async ({ app }) => {
      const { disputeId, reviewer } = await proposed(app);
      const body = { reason: 'The courier report says delivered' };
      return { who: reviewer, method: 'POST', url: `/api/disputes/${disputeId}/reject-proposal`, body };
    },
  },
  {
    route: 'POST /api/disputes/{id}/offers',
    setup: async ({ app }) => {
      const { seller, disputeId } = await disputed(app);
      const body = { refundAmount: '30.00', message: 'A third back' };
      return { who: seller, method: 'POST', url: `/api/disputes/${disputeId}/offers`, body };
    },
  },
  {
    route: 'POST /api/disputes/{id}/notes',
    setup: async ({ app }) => {
      const { disputeId, moderator } = await disputed(app);
      return {
        who: moderator,
        method: 'POST',
        url: `/api/disputes/${disputeId}/notes`,
        body: { text: 'Ask for photos' },
      };
    },
  },
  {
    route: 'POST /api/disputes/{id}/statements',
    setup: async ({ app }) => {
      const { seller, disputeId } = await disputed(app);
      const body = { text: 'The parcel left intact; here is why.' };
      return { who: seller, method: 'POST', url: `/api/disputes/${disputeId}/statements`, body };
    },
  },
  ...(['accept', 'reject'] as const).map((answer): RouteCase => ({
    route: `PATCH /api/disputes/{id}/offers/{offerId}/${answer}`,
    setup: async ({ app }) => {
      const { seller, disputeId, offerId } = await offered(app);
      return { who: seller, method: 'PATCH', url: `/api/disputes/${disputeId}/offers/${offerId}/${answer}` };
    },
  })),
  {
    route: 'POST /api/reviews',
    setup: async ({ app }) => {
      const { buyer, transaction } = await acceptedFundedTransaction(app);
      await ok(
        as(app, buyer)('PATCH', `/api/transactions/${transaction.id}/confirm`, {
          confirmationPhrase: CONFIRMATION_PHRASE,
        }),
        200,
      );
      const body = { transactionId: transaction.id, rating: 5, comment: 'Smooth' };
      return { who: buyer, method: 'POST', url: '/api/reviews', body };
    },
  },
  {
    route: 'POST /api/messages',
    setup: async ({ app }) => {
      const { buyer, seller } = await parties(app);
      const created = await createTransaction(app, buyer, seller.email);
      const body = { conversationId: created.id, content: 'Is it still available?', receiverId: seller.user.id };
      return { who: buyer, method: 'POST', url: '/api/messages', body };
    },
  },
  {
    route: 'POST /api/support/chats',
    setup: async ({ app }) => {
      const who = await registerUser(app);
      return { who, method: 'POST', url: '/api/support/chats', body: { subject: 'Where is my refund?' } };
    },
  },
  {
    route: 'POST /api/support/chats/{id}/messages',
    setup: async ({ app }) => {
      const who = await registerUser(app);
      const chat = await ok(as(app, who)('POST', '/api/support/chats', { subject: 'Help' }));
      const body = { message: 'My payment is stuck' };
      return { who, method: 'POST', url: `/api/support/chats/${chat.id}/messages`, body };
    },
  },
  {
    route: 'PATCH /api/support/chats/{id}/status',
    setup: async ({ app }) => {
      const customer = await registerUser(app);
      const chat = await ok(as(app, customer)('POST', '/api/support/chats', { subject: 'Help' }));
      const who = await registerUser(app, { role: 'moderator' });
      return { who, method: 'PATCH', url: `/api/support/chats/${chat.id}/status`, body: { status: 'in_progress' } };
    },
  },
  {
    route: 'POST /api/chat/send',
    setup: async ({ app }) => {
      const who = await registerUser(app);
      return { who, method: 'POST', url: '/api/chat/send', body: { message: 'Hello?' } };
    },
  },
  {
    route: 'POST /api/chat/threads/{userId}/send',
    setup: async ({ app }) => {
      const customer = await registerUser(app);
      await ok(as(app, customer)('POST', '/api/chat/send', { message: 'Hello?' }));
      const who = await registerUser(app, { role: 'moderator' });
      const body = { message: 'How can we help?' };
      return { who, method: 'POST', url: `/api/chat/threads/${customer.user.id}/send`, body };
    },
  },
  {
    route: 'POST /api/moderator-applications',
    setup: async ({ app }) => {
      const who = await registerUser(app);
      return { who, method: 'POST', url: '/api/moderator-applications', body: application(who.email) };
    },
  },
  {
    route: 'PATCH /api/admin/moderator-applications/{id}',
    setup: async ({ app }) => {
      const applicant = await registerUser(app);
      const applied = await ok(as(app, applicant)('POST', '/api/moderator-applications', application(applicant.email)));
      const who = await registerUser(app, { role: 'admin' });
      const body = { status: 'approved', notes: 'Welcome' };
      return { who, method: 'PATCH', url: `/api/admin/moderator-applications/${applied.id}`, body };
    },
  },
  {
    route: 'POST /api/admin/create-moderator',
    setup: async ({ app }) => {
      const who = await registerUser(app, { role: 'admin' });
      const body = {
        firstName: 'Mo',
        lastName: 'Derator',
        email: uniqueEmail('created'),
        phone: '+27 82 111 2222',
        tempPassword: 'Temporary-pass-4821',
      };
      return { who, method: 'POST', url: '/api/admin/create-moderator', body };
    },
  },
  {
    route: 'POST /api/auth/change-password',
    setup: async ({ app }) => {
      const who = await registerUser(app);
      const body = { currentPassword: who.password, newPassword: 'Another-secret-pass-72' };
      return { who, method: 'POST', url: '/api/auth/change-password', body };
    },
  },
];
