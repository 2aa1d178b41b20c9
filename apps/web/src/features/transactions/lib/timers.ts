/**
 * The texts of an escrow deal's timers (the numbers live in the contracts' ESCROW_TIMERS; the server
 * answers the moments: autoReleaseAt, cancelsAt, lateCancelFrom). Pure, so they are tested without a clock.
 */

import { formatTimeLeft } from '@/lib/time-left';

/** Shared with the dispute clocks (lib/time-left.ts). */
export { formatTimeLeft };

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** 'Releases automatically in 2 days 4 hours'; once the moment has passed, that it is happening now. */
export function releaseCountdown(autoReleaseAt: string | Date, now: Date): string {
  const left = new Date(autoReleaseAt).getTime() - now.getTime();
  if (Number.isNaN(left)) return '';
  if (left <= 0) return 'Releasing automatically now';
  return `Releases automatically in ${formatTimeLeft(left)}`;
}

/** Whether `moment` has come (a missing or unreadable moment never has). */
export function hasArrived(moment: string | Date | null | undefined, now: Date): boolean {
  if (!moment) return false;
  const at = new Date(moment).getTime();
  return !Number.isNaN(at) && at <= now.getTime();
}

/** The inspection period as a phrase: '1 day', '3 days'. */
export function inspectionPeriod(days: number): string {
  return plural(days, 'day');
}
