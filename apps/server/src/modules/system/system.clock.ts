import { z } from 'zod';
import type { AdjustableClock, Clock } from '../../lib/clock.js';
import { DAY, SECOND } from '../../lib/clock.js';
import type { Scheduler } from '../../jobs/scheduler.js';

/**
 * The development clock (TEST_CLOCK=true, never in production): a browser test or a developer sends the
 * server into the future, and everything that came due meanwhile (auto-releases, deadlines, emails) runs.
 */

export const ZDevClock = z.object({ now: z.string() });
export const ZAdvanceDevClock = z.object({
  advanceSeconds: z
    .number({ error: 'advanceSeconds must be a number of seconds' })
    .positive('advanceSeconds must be more than 0')
    .max(400 * (DAY / SECOND), 'advanceSeconds must be at most 400 days'),
});

export function isAdjustable(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).advance === 'function';
}

/** Moves the clock forward and runs every job that is due by then; answers the new time. */
export async function advanceClock(clock: AdjustableClock, scheduler: Scheduler, seconds: number) {
  clock.advance(seconds * SECOND);
  await scheduler.runDue();
  return { now: clock.now().toISOString() };
}
