import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISPUTE_MESSAGES as M,
  NEXT_CURSOR_HEADER,
  type TDecisionRecord,
  type TDisputeWorkload,
  type TResolvedCase,
} from '@holdfast/contracts';
import { adjustableClock, DAY, HOUR, type AdjustableClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as } from '../../test/money-factories.js';

/**
 * The staff's own calls: what waits for a moderator or an admin, and the searchable history of resolved
 * cases with its figures. Decisions of R 1 000 or more in dispute need a second review in this app.
 */
let t: TestApp;
let clock: AdjustableClock;
let mia: RegisteredUser;
let sam: RegisteredUser;
let ada: RegisteredUser;
let buyer: RegisteredUser;
let seller: RegisteredUser;
beforeAll(async () => {
  clock = adjustableClock();
  t = await createTestApp({ clock, env: { DISPUTE_SECOND_REVIEW_AMOUNT: 'ZAR:1000,USD:60' } });
  [mia, sam, ada, buyer, seller] = await Promise.all([
    registerUser(t.app, { role: 'moderator', firstName: 'Mia', lastName: 'Mokoena' }),
    registerUser(t.app, { role: 'moderator', firstName: 'Sam', lastName: 'Dlamini' }),
    registerUser(t.app, { role: 'admin', firstName: 'Ada' }),
    registerUser(t.app),
    registerUser(t.app, { role: 'seller' }),
  ]);
});
afterAll(() => t.close());

const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const done = await res;
  expect(done.statusCode, done.body).toBe(status);
  return JSON.parse(done.body);
};

interface Case {
  id: string;
  buyer: RegisteredUser;
  seller: RegisteredUser;
}

/** A funded, accepted deal between new parties (named when given), disputed by its buyer. */
async function openCase(
  description: string,
  opts: { amount?: string; buyer?: { firstName: string; lastName: string } } = {},
): Promise<Case> {
  const [b, s] = await Promise.all([
    registerUser(t.app, opts.buyer ?? {}),
    registerUser(t.app, { role: 'seller', firstName: 'Sello', lastName: 'Seller' }),
  ]);
  const deal = await acceptedFundedTransaction(
    t.app,
    { amount: opts.amount ?? '100.00', description },
    { buyer: b, seller: s },
  );
  const d = await ok(
    as(t.app, b)('POST', '/api/disputes', {
      transactionId: deal.transaction.id,
      type: 'quality_issue',
      description: 'Not as described',
    }),
    201,
  );
  return { id: d.id, buyer: b, seller: s };
}

const assign = (who: RegisteredUser, c: Case) =>
  ok(as(t.app, who)('PATCH', `/api/disputes/${c.id}/assign`, { moderatorId: who.user.id }));
const decide = (who: RegisteredUser, c: Case, resolution = 'release_to_seller') =>
  ok(as(t.app, who)('PATCH', `/api/disputes/${c.id}/resolve`, { resolution, resolutionNotes: 'Read both sides' }));
const waiting = (who: RegisteredUser): Promise<TDisputeWorkload> => ok(as(t.app, who)('GET', '/api/disputes/waiting'));
const ids = (cases: { id: string }[]) => cases.map((c) => c.id);

describe('the staff calls refuse everyone else', () => {
  it('signed out: 401; buyers and sellers: 403, with nothing of the cases', async () => {
    const paths = ['/api/disputes/waiting', '/api/disputes/history', '/api/disputes/history/figures'];
    for (const path of paths) {
      const anon = await as(t.app, null)('GET', path);
      expect(anon.statusCode, path).toBe(401);
      for (const who of [buyer, seller]) {
        const res = await as(t.app, who)('GET', path);
        expect(res.statusCode, path).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: M.staffOnly });
      }
    }
    // Also when the query is bad: the role is checked, not the search.
    expect((await as(t.app, buyer)('GET', '/api/disputes/history?cursor=nonsense')).statusCode).toBe(403);
  });
});

describe('GET /api/disputes/waiting', () => {
  let mine: Case;
  let sams: Case;
  let queued: Case;
  let miaProposal: Case;
  let samProposal: Case;

  beforeAll(async () => {
    mine = await openCase('Mia’s bicycle');
    sams = await openCase('Sam’s guitar');
    queued = await openCase('Nobody’s lamp');
    miaProposal = await openCase('Mia’s big sofa', { amount: '1500.00' });
    samProposal = await openCase('Sam’s big fridge', { amount: '2000.00' });
    await assign(mia, mine);
    await assign(sam, sams);
    // At R 1 000 or more a decision waits for a second review.
    expect((await decide(mia, miaProposal, 'refund_buyer')).secondReview).not.toBeNull();
    expect((await decide(sam, samProposal, 'refund_buyer')).secondReview).not.toBeNull();
  });

  it('a moderator sees their own cases, the queue, and the decisions of others to review', async () => {
    const w = await waiting(mia);
    expect(w.mine.count).toBe(2);
    expect(ids(w.mine.cases).sort()).toEqual([mine.id, miaProposal.id].sort());
    expect(w.unassigned).toBe(1);
    expect(w.pastDeadline).toEqual({ count: 0, cases: [] });
    // Never their own proposal.
    expect(w.secondReview.count).toBe(1);
    expect(ids(w.secondReview.cases)).toEqual([samProposal.id]);
    expect(w.secondReview.cases[0]!.step.code).toBe('awaiting_second_review');

    const s = await waiting(sam);
    expect(ids(s.mine.cases).sort()).toEqual([sams.id, samProposal.id].sort());
    expect(ids(s.secondReview.cases)).toEqual([miaProposal.id]);
  });

  it('an admin takes no case: every proposal waits for them, the queue too', async () => {
    const w = await waiting(ada);
    expect(w.mine).toEqual({ count: 0, cases: [] });
    expect(w.unassigned).toBe(1);
    expect(w.secondReview.count).toBe(2);
    expect(ids(w.secondReview.cases)).toEqual([miaProposal.id, samProposal.id]);
  });

  it('past a deadline: the queue’s late cases for everyone, a moderator’s own late decisions, all of them for an admin', async () => {
    clock.advance(25 * HOUR); // past the 24 hours to take a case
    expect(ids((await waiting(mia)).pastDeadline.cases)).toEqual([queued.id]);
    expect(ids((await waiting(ada)).pastDeadline.cases)).toEqual([queued.id]);

    clock.advance(5 * DAY); // past the 5 days to decide a taken case
    const m = await waiting(mia);
    // The open one was due first; Sam's late case is Sam's, the proposals wait for review, not for a decision.
    expect(ids(m.pastDeadline.cases)).toEqual([queued.id, mine.id]);
    expect(m.pastDeadline.count).toBe(2);
    const a = await waiting(ada);
    expect(a.pastDeadline.count).toBe(3);
    expect(a.pastDeadline.cases[0]!.id).toBe(queued.id);
    expect(ids(a.pastDeadline.cases.slice(1)).sort()).toEqual([mine.id, sams.id].sort());
    expect(ids((await waiting(sam)).pastDeadline.cases)).toEqual([queued.id, sams.id]);
  });
});

describe('GET /api/disputes/history and its figures', () => {
  let desk: Case;
  let chair: Case;
  let samsCase: Case;
  let agreed: Case;

  beforeAll(async () => {
    desk = await openCase('Walnut desk, 50% off', { buyer: { firstName: 'Zanele', lastName: 'Khumalo' } });
    chair = await openCase('Office chair');
    samsCase = await openCase('Walnut shelf');
    agreed = await openCase('Garden bench');
    await decide(mia, desk, 'release_to_seller');
    clock.advance(HOUR);
    await decide(mia, chair, 'refund_buyer');
    clock.advance(HOUR);
    await decide(sam, samsCase);
    clock.advance(HOUR);
    const offer = await ok(
      as(t.app, agreed.buyer)('POST', `/api/disputes/${agreed.id}/offers`, { refundAmount: '40.00', message: 'Half' }),
      201,
    );
    await ok(as(t.app, agreed.seller)('PATCH', `/api/disputes/${agreed.id}/offers/${offer.id}/accept`));
  });

  const history = async (who: RegisteredUser, query = ''): Promise<TResolvedCase[]> =>
    ok(as(t.app, who)('GET', `/api/disputes/history${query}`));

  it('a moderator’s history holds the cases they decided, the latest first, with the parties and the outcome', async () => {
    const rows = await history(mia);
    expect(ids(rows)).toEqual([chair.id, desk.id]);
    expect(rows[1]).toMatchObject({
      description: 'Walnut desk, 50% off',
      currency: 'ZAR',
      disputedAmount: '100.00',
      resolution: 'release_to_seller',
      refundAmount: null,
      settledByAgreement: false,
      buyer: { firstName: 'Zanele', lastName: 'Khumalo', email: desk.buyer.email },
      seller: { firstName: 'Sello', lastName: 'Seller', email: desk.seller.email },
      decidedBy: { id: mia.user.id, name: 'Mia Mokoena' },
    });
    expect(Date.parse(rows[0]!.resolvedAt)).toBeGreaterThan(Date.parse(rows[1]!.resolvedAt));
    expect(ids(await history(sam))).toEqual([samsCase.id]);
  });

  it('an admin’s holds every resolved case, settled by agreement included', async () => {
    const rows = await history(ada);
    expect(ids(rows)).toEqual([agreed.id, samsCase.id, chair.id, desk.id]);
    expect(rows[0]).toMatchObject({ settledByAgreement: true, decidedBy: null, refundAmount: '40.00' });
  });

  it('finds a case by description, a party’s name or email, or the case id; wildcards are plain text', async () => {
    const search = async (who: RegisteredUser, q: string) => ids(await history(who, `?q=${encodeURIComponent(q)}`));
    expect(await search(mia, 'WALNUT')).toEqual([desk.id]); // Sam's walnut shelf is not hers
    expect(await search(ada, 'walnut')).toEqual([samsCase.id, desk.id]);
    expect(await search(mia, 'khumalo')).toEqual([desk.id]);
    expect(await search(mia, 'Zanele Khumalo')).toEqual([desk.id]);
    expect(await search(mia, chair.buyer.email.toUpperCase())).toEqual([chair.id]);
    expect(await search(mia, chair.seller.email)).toEqual([chair.id]);
    expect(await search(ada, `#${chair.id.slice(0, 8)}`)).toEqual([chair.id]);
    expect(await search(ada, chair.id.toUpperCase())).toEqual([chair.id]);
    expect(await search(ada, '50%')).toEqual([desk.id]);
    expect(await search(ada, '%')).toEqual([desk.id]);
    expect(await search(ada, '_')).toEqual([]);
    expect(await search(ada, 'no such case')).toEqual([]);
    expect(await search(ada, '   ')).toHaveLength(4); // blank: no search
  });

  it('pages with a cursor, each case once; a foreign cursor or an overlong search is refused', async () => {
    const all = await history(ada);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 10; guard += 1) {
      const res = await as(t.app, ada)('GET', `/api/disputes/history?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...ids(res.json()));
      cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(ids(all));
    // Search and paging together.
    const first = await as(t.app, ada)('GET', '/api/disputes/history?q=walnut&limit=1');
    expect(ids(first.json())).toEqual([samsCase.id]);
    const next = first.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string;
    expect(ids(await history(ada, `?q=walnut&limit=1&cursor=${next}`))).toEqual([desk.id]);

    expect((await as(t.app, mia)('GET', '/api/disputes/history?cursor=nonsense')).json().code).toBe('INVALID_CURSOR');
    expect((await as(t.app, mia)('GET', `/api/disputes/history?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect((await as(t.app, mia)('GET', '/api/disputes/history?limit=101')).statusCode).toBe(400);
  });

  it('the figures: a moderator’s own decisions, the platform’s for an admin', async () => {
    const own: TDecisionRecord = await ok(as(t.app, mia)('GET', '/api/disputes/history/figures'));
    expect(own).toMatchObject({ scope: 'own', decided: 2, releasedPercent: 50, refundedPercent: 50, splitPercent: 0 });
    // Opened at the database's time, decided at the product's clock, which has moved on by days.
    expect(own.medianSecondsToDecision).toBeGreaterThan(6 * 86_400);
    const platform: TDecisionRecord = await ok(as(t.app, ada)('GET', '/api/disputes/history/figures'));
    expect(platform).toMatchObject({ scope: 'platform', decided: 4, splitPercent: 25 });
  });

  it('the case file stays readable after the decision, for staff and the parties, not for strangers', async () => {
    for (const who of [mia, sam, ada, desk.buyer, desk.seller]) {
      const c = await ok(as(t.app, who)('GET', `/api/disputes/${desk.id}`));
      expect(c.dispute).toMatchObject({ id: desk.id, status: 'resolved', resolution: 'release_to_seller' });
      expect(c.file.length).toBeGreaterThan(0);
    }
    expect((await as(t.app, buyer)('GET', `/api/disputes/${desk.id}`)).statusCode).toBe(404);
  });
});
