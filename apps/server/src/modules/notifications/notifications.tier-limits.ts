import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { accountTier, isCurrencyCode, transactionLimitHold, withdrawalLimitHold } from '@holdfast/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import { VerificationRequiredError, type TierLimitRefusal } from '../../lib/errors.js';
import { withdrawnThisMonth } from '../verification/index.js';
import { notifyJob, type NotificationEvent } from './events.js';
import { to, type Ctx, type Delivery, type EventFacts } from './notifications.delivery.js';
import { findPerson } from './notifications.queries.js';

/**
 * A verification tier's limit refused a deal or a withdrawal (issue 30, every hold explained): besides the
 * 403 the person reads at once, the bell keeps which limit, the next step and how long it takes, in the
 * words of the wallet page's notice (contracts, tier-holds.ts).
 */

type LimitEvent = Extract<NotificationEvent, { type: 'verification.limit_reached' }>;
type LimitFacts = Extract<EventFacts, { kind: 'tier_limit' }>;

/**
 * Not spammable: at most one notice a day (UTC) per person, limit kind and tier. A refusal repeated that
 * day finds its notify job's key taken and writes nothing; a person whose tier changed is refused by the
 * next tier's limit, a new key, and hears of that one. A day is well inside the 30 days a finished job
 * (and so its key) is kept.
 */
export const tierLimitKey = (userId: string, limit: TierLimitRefusal, now: Date) =>
  `tier-limit:${userId}:${limit.kind}:${limit.tier}:${now.toISOString().slice(0, 10)}`;

/**
 * Runs a call a tier limit may refuse (creating or accepting a deal, a withdrawal) and, when one does,
 * queues the person's notice. The refused call's own database transaction has rolled back by then, so
 * nothing of it is written; the notice is one statement of its own, and a failure to write it is logged,
 * never answered: the caller gets the same 403 either way.
 */
export async function tellingTierLimits<T>(
  deps: { db: Db; clock: Clock; log?: FastifyBaseLogger | undefined },
  userId: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof VerificationRequiredError) await tellOfRefusal(deps, userId, error.limit);
    throw error;
  }
}

async function tellOfRefusal(
  { db, clock, log }: { db: Db; clock: Clock; log?: FastifyBaseLogger | undefined },
  userId: string,
  limit: TierLimitRefusal,
): Promise<void> {
  const now = clock.now();
  const event: LimitEvent = {
    type: 'verification.limit_reached',
    userId,
    limit: limit.kind,
    tier: limit.tier,
    currency: limit.currency,
  };
  try {
    await enqueueJob(db, { ...notifyJob(event, now), key: tierLimitKey(userId, limit, now) });
  } catch (err) {
    log?.error({ err, userId, limit }, 'the notice of a verification limit could not be queued; the refusal stands');
  }
}

/** The person and their account as they are now; null once the tier changed (that limit no longer stands). */
export async function tierLimitFacts(db: DbOrTx, event: LimitEvent, now: Date): Promise<LimitFacts | null> {
  const [owner, [account]] = await Promise.all([
    findPerson(db, event.userId),
    db
      .select({ emailVerified: users.emailVerified, phoneVerified: users.phoneVerified, kycStatus: users.kycStatus })
      .from(users)
      .where(eq(users.id, event.userId)),
  ]);
  if (!owner || !account || !isCurrencyCode(event.currency) || accountTier(account) !== event.tier) return null;
  const withdrawn =
    event.limit === 'withdrawal' ? ((await withdrawnThisMonth(db, event.userId, now)).get(event.currency) ?? 0n) : 0n;
  return { kind: 'tier_limit', event, owner, account, withdrawnMinor: withdrawn, now };
}

/** The bell (and, unless the person turned transaction emails off, an email): the same notice as the wallet's. */
export function tierLimitDeliveries(ctx: Ctx, f: LimitFacts): Delivery[] {
  const { limit, currency } = f.event;
  const hold =
    limit === 'transaction'
      ? transactionLimitHold(f.account, currency)
      : withdrawalLimitHold(f.account, currency, f.withdrawnMinor, f.now);
  if (!hold) return [];
  const n = hold.notice;
  return [
    to(ctx, f.owner, {
      category: 'transactions',
      path: hold.href,
      title: n.title,
      body: `${n.reason} ${n.needed} ${n.expected}`,
      subject: n.title,
      paragraphs: [n.reason, `What you need to do: ${n.needed}`, `How long: ${n.expected}`],
      action: hold.action ?? 'See your verification',
      reason: 'You get this email because a deal or a withdrawal you asked for was above your verification limit.',
    }),
  ];
}
