/**
 * The time as the product sees it. Services and the job worker receive a clock instead of calling
 * `new Date()`, so tests move time forward without sleeping, and TEST_CLOCK=true lets a development or
 * browser-test server be sent into the future (POST /api/dev/clock).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs with real time plus an offset the caller can move forward (never back). */
export interface AdjustableClock extends Clock {
  advance(ms: number): Date;
}

export function adjustableClock(start?: Date): AdjustableClock {
  // A fixed start (tests) stands still until advanced; without one, real time plus the offset.
  let offset = 0;
  const base = start ? () => start.getTime() : () => Date.now();
  return {
    now: () => new Date(base() + offset),
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new Error('a clock only moves forward');
      offset += ms;
      return new Date(base() + offset);
    },
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
