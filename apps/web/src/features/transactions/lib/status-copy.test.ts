import { describe, expect, it } from 'vitest';
import { TRANSACTION_ENDINGS, TRANSACTION_STATUSES, type TTransaction } from '@holdfast/contracts';
import * as copy from './status-copy';
import { activeHeading, HELP_ACTION_HINTS, type CopyViewer } from './status-copy';

/** Amounts and dates keep their non-breaking spaces on screen; the expectations here use plain ones. */
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v).replace(/[\u00a0\u202f]/g, ' ')) as T;
const endingCopy = (...a: Parameters<typeof copy.endingCopy>) => plain(copy.endingCopy(...a));
const sellerPayout = (...a: Parameters<typeof copy.sellerPayout>) => plain(copy.sellerPayout(...a));
const confirmHint = (...a: Parameters<typeof copy.confirmHint>) => plain(copy.confirmHint(...a));
const invitationLine = (...a: Parameters<typeof copy.invitationLine>) => plain(copy.invitationLine(...a));

const VIEWERS: CopyViewer[] = ['buyer', 'seller', 'other'];
const base = {
  type: 'product' as const,
  amount: '4800.00',
  total: '4944.00',
  currency: 'ZAR',
  deliveredAt: null,
  paymentStatus: 'succeeded' as const,
};
const outcome = (
  ending: TTransaction['outcome'] extends infer O ? (O extends { ending: infer E } ? E : never) : never,
  figures: Partial<NonNullable<TTransaction['outcome']>> = {},
): NonNullable<TTransaction['outcome']> => ({
  ending,
  buyerRefunded: '0.00',
  sellerReceived: '0.00',
  feeKept: '0.00',
  heldInEscrow: '0.00',
  decidedBy: null,
  ...figures,
});
const FIGURES = {
  released: { sellerReceived: '4800.00', feeKept: '144.00' },
  refunded: { buyerRefunded: '4944.00' },
  split: { buyerRefunded: '3090.00', sellerReceived: '1800.00', feeKept: '54.00', decidedBy: 'moderator' as const },
  cancelled: {},
};
const STATUS_OF = { released: 'completed', refunded: 'cancelled', split: 'completed', cancelled: 'cancelled' } as const;

describe('endingCopy: every ending × viewer says where the money went', () => {
  for (const ending of TRANSACTION_ENDINGS) {
    for (const viewer of VIEWERS) {
      it(`${ending} as ${viewer}`, () => {
        const tx = {
          ...base,
          status: STATUS_OF[ending],
          paymentStatus: ending === 'cancelled' ? ('unpaid' as const) : base.paymentStatus,
          outcome: outcome(ending, FIGURES[ending]),
        };
        const said = endingCopy(tx, viewer)!;
        const text = [said.title, said.summary, ...said.money].join(' ');
        if (ending === 'released') {
          expect(said).toMatchObject({ tone: 'success', badge: 'Completed', title: 'Transaction Completed' });
          expect(said.summary).toBe('Funds have been released to the seller.');
          expect(text).toContain('R 4 800,00');
        } else {
          // Only a real release is green and says "released".
          expect(said.tone).not.toBe('success');
          expect(text).not.toMatch(/released to the seller/i);
        }
        if (ending === 'refunded') {
          expect(said.badge).toBe('Refunded');
          expect(text).toContain('R 4 944,00');
          expect(text).toContain(viewer === 'buyer' ? 'You were refunded' : 'The buyer was refunded');
        }
        if (ending === 'split') {
          expect(said).toMatchObject({ badge: 'Split', decided: 'Decided by a moderator after a dispute.' });
          const expected = {
            buyer: 'You were refunded R 3 090,00; the seller received R 1 800,00.',
            seller: 'You received R 1 800,00; the buyer was refunded R 3 090,00.',
            other: 'The buyer was refunded R 3 090,00; the seller received R 1 800,00.',
          }[viewer];
          expect(said.money).toEqual([expected]);
        }
        if (ending === 'cancelled') expect(said.badge).toBe('Cancelled');
      });
    }
  }

  it('is null for every open status, whatever the viewer', () => {
    for (const status of TRANSACTION_STATUSES.filter((s) => s !== 'completed' && s !== 'cancelled')) {
      for (const viewer of VIEWERS) expect(endingCopy({ ...base, status, outcome: null }, viewer)).toBeNull();
    }
  });

  it('without figures, a refunded cancellation still reads as a refund, not a release', () => {
    const said = endingCopy({ ...base, status: 'cancelled', paymentStatus: 'refunded', outcome: null }, 'buyer')!;
    expect(said.badge).toBe('Refunded');
    expect(said.summary).toContain('You were refunded R 4 944,00');
  });

  it('a completed partial dispute refunded to the buyer is a split, never "Completed: funds released"', () => {
    const tx = { ...base, status: 'completed' as const, outcome: outcome('split', FIGURES.split) };
    expect(endingCopy(tx, 'buyer')!.title).toBe('Transaction Completed: funds split');
  });
});

describe('activeHeading speaks from the viewer’s side', () => {
  const delivered = '2026-02-02T09:00:00Z';
  it.each([
    ['product', delivered, 'buyer', 'Delivered: you are inspecting the item'],
    ['product', delivered, 'seller', 'Delivered: the buyer is inspecting the item'],
    ['product', delivered, 'other', 'Delivered: the buyer is inspecting the item'],
    ['service', delivered, 'buyer', 'Delivered: you are checking the work'],
    ['service', delivered, 'seller', 'Delivered: the buyer is checking the work'],
    ['product', null, 'buyer', 'Accepted: awaiting delivery'],
    ['product', null, 'seller', 'Accepted: waiting for you to deliver'],
    ['service', null, 'buyer', 'Accepted: the service is under way'],
    ['service', null, 'seller', 'Accepted: you are doing the work'],
  ] as const)('%s, delivered %s, as %s', (type, deliveredAt, viewer, heading) => {
    expect(activeHeading({ type, deliveredAt }, viewer)).toBe(heading);
  });
});

describe('sellerPayout: every status', () => {
  it('open: the amount, when the buyer confirms', () => {
    for (const status of ['pending', 'active'] as const) {
      expect(sellerPayout({ ...base, status, outcome: null })).toEqual({
        amount: 'R 4 800,00',
        note: 'when the buyer confirms receipt or the inspection period ends',
      });
    }
  });
  it('disputed: held until the dispute ends; a partial dispute says what was paid and what is held', () => {
    expect(sellerPayout({ ...base, status: 'disputed', outcome: null }).note).toMatch(
      /held in escrow until the dispute ends/,
    );
    const partial = sellerPayout({
      ...base,
      status: 'disputed',
      outcome: outcome(null, { sellerReceived: '1700.00', heldInEscrow: '3193.00' }),
    });
    expect(partial.amount).toBe('R 1 700,00');
    expect(partial.note).toContain('R 3 193,00 stays in escrow');
  });
  it('ended: what the ledger paid the seller, or that the buyer was refunded', () => {
    expect(sellerPayout({ ...base, status: 'completed', outcome: outcome('released', FIGURES.released) })).toEqual({
      amount: 'R 4 800,00',
      note: 'paid to your wallet',
    });
    expect(sellerPayout({ ...base, status: 'completed', outcome: outcome('split', FIGURES.split) }).amount).toBe(
      'R 1 800,00',
    );
    expect(sellerPayout({ ...base, status: 'cancelled', outcome: outcome('refunded', FIGURES.refunded) })).toEqual({
      amount: 'R 0,00',
      note: 'the buyer was refunded',
    });
  });
});

describe('the other texts', () => {
  it('a service confirmation keeps the spec phrase but says it means the work', () => {
    expect(confirmHint('service', 'R 10,00')).toContain('I HAVE RECEIVED MY ITEM to confirm the work was done');
    expect(confirmHint('product', 'R 10,00')).toBe(
      'Type I HAVE RECEIVED MY ITEM to confirm receipt. R 10,00 is then released to the seller. This cannot be undone.',
    );
  });
  it('explains Report Issue and Request Moderation in one line each', () => {
    expect(HELP_ACTION_HINTS.reportIssue).toMatch(/^Report Issue: /);
    expect(HELP_ACTION_HINTS.requestModeration).toMatch(/^Request Moderation: /);
  });
  it('an invited seller reads as not on Holdfast yet, with the date', () => {
    expect(invitationLine('2026-02-02T09:00:00Z')).toBe('Not on Holdfast yet: invitation sent on 2 Feb 2026');
  });
});
