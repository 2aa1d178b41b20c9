import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TModeratorStats } from '@holdfast/contracts';
import { adjustableClock, DAY, type AdjustableClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as } from '../../test/money-factories.js';

/**
 * The public record of decisions. A case opens at the database's time and is decided at the product's
 * clock, so moving the clock by a day between the two makes a case that took a day. The clock only moves
 * forward: each case's time to decision is the clock's whole offset when it is decided.
 */
let t: TestApp;
let clock: AdjustableClock;
let thandi: RegisteredUser;
let pieter: RegisteredUser;
beforeAll(async () => {
  clock = adjustableClock();
  t = await createTestApp({ clock });
  [thandi, pieter] = await Promise.all([
    registerUser(t.app, { role: 'moderator', firstName: 'Thandi', lastName: 'Nkosi' }),
    registerUser(t.app, { role: 'moderator', firstName: 'Pieter', lastName: 'van Wyk' }),
  ]);
});
afterAll(() => t.close());

const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const done = await res;
  expect(done.statusCode, done.body).toBe(status);
  return JSON.parse(done.body);
};

async function openCase() {
  const deal = await acceptedFundedTransaction(t.app, { amount: '100.00' });
  const d = await ok(
    as(t.app, deal.buyer)('POST', '/api/disputes', {
      transactionId: deal.transaction.id,
      type: 'goods_not_received',
      description: 'Never came',
    }),
    201,
  );
  return { ...deal, disputeId: d.id as string };
}

async function decide(by: RegisteredUser, resolution: string, refundAmount?: string) {
  const { disputeId } = await openCase();
  return ok(
    as(t.app, by)('PATCH', `/api/disputes/${disputeId}/resolve`, {
      resolution,
      resolutionNotes: 'Read both sides',
      ...(refundAmount ? { refundAmount } : {}),
    }),
  );
}

const stats = async (): Promise<TModeratorStats> => ok(t.app.inject({ method: 'GET', url: '/api/moderators/stats' }));

/** Seconds, give or take the real time the test itself takes. */
const about = (days: number) => ({ near: days * 86_400, within: 600 });
function expectSeconds(actual: number | null, days: number) {
  const { near, within } = about(days);
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - near)).toBeLessThan(within);
}

describe('GET /api/moderators/stats', () => {
  it('with nothing decided: zeros, no median, no moderators; public (no session)', async () => {
    expect(await stats()).toEqual({
      windowDays: 90,
      platform: { decided: 0, medianSecondsToDecision: null, releasedPercent: 0, refundedPercent: 0, splitPercent: 0 },
      moderators: [],
    });
  });

  it('counts each moderator’s decisions by display name, agreements for the platform only, over 90 days', async () => {
    const { disputeId: open } = await openCase(); // never decided: counted nowhere
    clock.advance(DAY);
    await decide(thandi, 'release_to_seller'); // took 1 day
    clock.advance(DAY);
    await decide(thandi, 'refund_buyer'); // 2 days
    clock.advance(2 * DAY);
    await decide(pieter, 'partial_resolution', '25.00'); // 4 days
    // Settled by the parties (4 days): the platform's, nobody's own.
    const agreed = await openCase();
    const offer = await ok(
      as(t.app, agreed.buyer)('POST', `/api/disputes/${agreed.disputeId}/offers`, {
        refundAmount: '50.00',
        message: 'Half back',
      }),
      201,
    );
    await ok(as(t.app, agreed.seller)('PATCH', `/api/disputes/${agreed.disputeId}/offers/${offer.id}/accept`));

    const res = await t.app.inject({ method: 'GET', url: '/api/moderators/stats' });
    expect(res.statusCode).toBe(200);
    // Display names only: never an email or an id.
    for (const secret of [thandi.email, thandi.user.id, pieter.email, pieter.user.id, 'Nkosi', 'van Wyk', open]) {
      expect(res.body).not.toContain(secret);
    }
    const s = res.json() as TModeratorStats;
    expect(s.platform).toMatchObject({ decided: 4, releasedPercent: 25, refundedPercent: 25, splitPercent: 50 });
    expectSeconds(s.platform.medianSecondsToDecision, 3); // median of 1, 2, 4, 4 days
    expect(s.moderators.map((m) => m.name)).toEqual(['Thandi N.', 'Pieter V.']);
    expect(s.moderators[0]).toMatchObject({ decided: 2, releasedPercent: 50, refundedPercent: 50, splitPercent: 0 });
    expectSeconds(s.moderators[0]!.medianSecondsToDecision, 1.5);
    expect(s.moderators[1]).toMatchObject({ decided: 1, releasedPercent: 0, refundedPercent: 0, splitPercent: 100 });
    expectSeconds(s.moderators[1]!.medianSecondsToDecision, 4);

    // 92 days on: the two decided on days 1 and 2 have left the window.
    clock.advance(88 * DAY);
    const later = await stats();
    expect(later.platform).toMatchObject({ decided: 2, releasedPercent: 0, refundedPercent: 0, splitPercent: 100 });
    expectSeconds(later.platform.medianSecondsToDecision, 4);
    expect(later.moderators.map((m) => [m.name, m.decided])).toEqual([['Pieter V.', 1]]);

    // And after 95 days, nothing is left.
    clock.advance(3 * DAY);
    expect(await stats()).toMatchObject({ platform: { decided: 0, medianSecondsToDecision: null }, moderators: [] });
  });
});
