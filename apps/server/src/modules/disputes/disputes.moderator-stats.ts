import { and, count, desc, eq, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  MODERATOR_STATS_WINDOW_DAYS,
  type TDecisionFigures,
  type TDisputeResolution,
  type TModeratorStats,
} from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { disputes, users } from '../../db/schema/index.js';
import { DAY } from '../../lib/clock.js';
import { counterpartyName } from '../profile/index.js';

const ofResolution = (resolution: TDisputeResolution) =>
  sql<number>`count(*) filter (where ${disputes.resolution} = ${resolution})`.mapWith(Number);

/** Each group's figures, computed by the database: counts per outcome and the median time to decision. */
const FIGURES = {
  decided: count(),
  medianSeconds: sql<
    number | null
  >`percentile_cont(0.5) within group (order by extract(epoch from (${disputes.resolvedAt} - ${disputes.createdAt})))`,
  released: ofResolution('release_to_seller'),
  refunded: ofResolution('refund_buyer'),
  split: ofResolution('partial_resolution'),
};

type Row = {
  decided: number;
  medianSeconds: number | string | null;
  released: number;
  refunded: number;
  split: number;
};

const percent = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 100) : 0);

function figures(r: Row | undefined): TDecisionFigures {
  const decided = r?.decided ?? 0;
  const median = r?.medianSeconds === null || r?.medianSeconds === undefined ? null : Number(r.medianSeconds);
  return {
    decided,
    medianSecondsToDecision: decided > 0 && median !== null ? Math.round(median) : null,
    releasedPercent: percent(r?.released ?? 0, decided),
    refundedPercent: percent(r?.refunded ?? 0, decided),
    splitPercent: percent(r?.split ?? 0, decided),
  };
}

/**
 * The figures of the resolved cases `where` picks (all resolved cases without it): the staff's own record
 * (disputes.history.ts), computed as the public one is.
 */
export async function decisionFigures(db: DbOrTx, where?: SQL): Promise<TDecisionFigures> {
  const [row] = await db
    .select(FIGURES)
    .from(disputes)
    .where(and(eq(disputes.status, 'resolved'), where));
  return figures(row);
}

/**
 * The public record of decisions in the last 90 days (up to `now`, the product's clock): the platform's,
 * settled-by-agreement cases included, and each moderator's own, named only by first name and last initial.
 */
export async function moderatorStats(db: DbOrTx, now: Date): Promise<TModeratorStats> {
  const inWindow = and(
    eq(disputes.status, 'resolved'),
    gte(disputes.resolvedAt, new Date(now.getTime() - MODERATOR_STATS_WINDOW_DAYS * DAY)),
    lte(disputes.resolvedAt, now),
  );
  const [platform, moderators] = await Promise.all([
    db.select(FIGURES).from(disputes).where(inWindow),
    db
      .select({ ...FIGURES, firstName: users.firstName, lastName: users.lastName })
      .from(disputes)
      .innerJoin(users, eq(users.id, disputes.resolvedById))
      .where(and(inWindow, isNotNull(disputes.resolvedById)))
      .groupBy(users.id, users.firstName, users.lastName)
      .orderBy(desc(count()), users.firstName, users.lastName, users.id),
  ]);
  return {
    windowDays: MODERATOR_STATS_WINDOW_DAYS,
    platform: figures(platform[0]),
    moderators: moderators.map((m) => ({ name: counterpartyName(m), ...figures(m) })),
  };
}
