import { HOLD_TEXTS, withdrawalNotice } from '@holdfast/contracts';
import { money, to, type Ctx, type Delivery, type EventFacts } from './notifications.delivery.js';

/** Where an admin reviews held withdrawals. */
export const HELD_WITHDRAWALS_PATH = '/admin-dashboard?tab=withdrawals';
/** The wallet page, where the person's withdrawals in progress are explained. */
export const WALLET_PATH = '/deposit-funds';

type WithdrawalFacts = Extract<EventFacts, { kind: 'withdrawal' }>;

/**
 * What the wallet page says of a payout on its way (HOLD_TEXTS), with its expected time in UTC: the bell's
 * text is written here, where the reader's time zone is not known.
 */
const onItsWay = (w: WithdrawalFacts['withdrawal']) =>
  withdrawalNotice({ ...w, status: 'pending', review: null }, 'en-ZA', 'UTC')!;

/**
 * A withdrawal that waits: its payout on its way, or held by sanctions screening, then released or
 * rejected. The owner reads the plain reason, what is needed and when (HOLD_TEXTS, as the wallet page
 * shows them), never what matched; the admins are told a review waits. Money emails: always sent; the
 * payout on its way is told in the bell only (the person just asked for it).
 */
export function withdrawalReviewDeliveries(ctx: Ctx, f: WithdrawalFacts): Delivery[] {
  const w = f.withdrawal;
  const amount = money(w.amount, w.currency);
  const account = `account ending ${w.accountLast4}`;
  const details = [
    { label: 'Amount', value: amount },
    { label: 'To', value: account },
  ];
  const reason = 'You get this email because you asked for this withdrawal on Holdfast.';
  switch (f.event.type) {
    case 'withdrawal.pending': {
      const n = onItsWay(w);
      return [
        {
          ...to(ctx, f.owner, {
            category: null,
            path: WALLET_PATH,
            title: `Withdrawal ${n.title.toLowerCase()}`,
            body: `${amount}: ${n.reason} ${n.needed} ${n.expected}`,
            subject: `Your withdrawal of ${amount} is on its way`,
            paragraphs: [n.reason, n.expected],
            details,
            action: 'View your wallet',
            reason,
          }),
          bellOnly: true,
        },
      ];
    }
    case 'withdrawal.held':
      return [
        to(ctx, f.owner, {
          category: null,
          path: WALLET_PATH,
          title: 'Withdrawal held for a routine check',
          body: `${amount}: ${HOLD_TEXTS.held.needed} ${HOLD_TEXTS.held.expected}`,
          subject: `Your withdrawal of ${amount} is held for a routine compliance check`,
          paragraphs: [
            `Your withdrawal of ${amount} to your bank ${account} is held for a routine compliance check.`,
            HOLD_TEXTS.held.reason,
            `What we need from you: ${HOLD_TEXTS.held.needed}`,
            `How long: ${HOLD_TEXTS.held.expected}`,
          ],
          details,
          action: 'View your wallet',
          reason,
        }),
        ...f.admins.map((admin) =>
          to(ctx, admin, {
            category: null,
            path: HELD_WITHDRAWALS_PATH,
            title: 'Withdrawal held for review',
            body: `${amount} by ${f.owner.firstName ?? f.owner.email}: a possible sanctions list match to review.`,
            subject: `Holdfast: a withdrawal of ${amount} waits for your review`,
            paragraphs: [
              `Sanctions screening held a withdrawal of ${amount}: a name resembles an entry of a loaded list.`,
              'Open the Withdrawals tab of the admin dashboard to compare the match and release or reject it.',
            ],
            details,
            action: 'Review held withdrawals',
            reason: 'You get this email because you are an administrator of Holdfast.',
          }),
        ),
      ];
    case 'withdrawal.released':
      return [
        to(ctx, f.owner, {
          category: null,
          path: WALLET_PATH,
          title: 'Withdrawal check complete',
          body: `The check is done: ${amount} is on its way to your ${account}. ${onItsWay(w).expected}`,
          subject: `Your withdrawal of ${amount} is on its way`,
          paragraphs: [
            `Our compliance check of your withdrawal of ${amount} is complete.`,
            `The money is on its way to your bank ${account}. ${onItsWay(w).expected}`,
          ],
          details,
          action: 'View your wallet',
          reason,
        }),
      ];
    default:
      return [
        to(ctx, f.owner, {
          category: null,
          path: WALLET_PATH,
          title: 'Withdrawal not completed',
          body: `${HOLD_TEXTS.rejectedReason} ${amount} is back in your wallet.`,
          subject: `Your withdrawal of ${amount} was not completed`,
          paragraphs: [`${HOLD_TEXTS.rejectedReason} ${HOLD_TEXTS.moneyBack}`, HOLD_TEXTS.rejectedNeeded],
          details,
          action: 'View your wallet',
          reason,
        }),
      ];
  }
}
