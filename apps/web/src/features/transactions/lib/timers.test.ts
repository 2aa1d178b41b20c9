import { describe, expect, it } from 'vitest';
import { formatTimeLeft, hasArrived, inspectionPeriod, releaseCountdown } from './timers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatTimeLeft', () => {
  it('shows days and hours from a day on, rounded down', () => {
    expect(formatTimeLeft(2 * DAY + 4 * HOUR + 59 * MINUTE)).toBe('2 days 4 hours');
    expect(formatTimeLeft(2 * DAY - 1)).toBe('1 day 23 hours');
    expect(formatTimeLeft(DAY + HOUR)).toBe('1 day 1 hour');
    expect(formatTimeLeft(30 * DAY)).toBe('30 days');
    expect(formatTimeLeft(DAY + 59 * MINUTE)).toBe('1 day');
  });
  it('shows hours and minutes under a day', () => {
    expect(formatTimeLeft(DAY - 1)).toBe('23 hours 59 minutes');
    expect(formatTimeLeft(5 * HOUR + 12 * MINUTE + 30_000)).toBe('5 hours 12 minutes');
    expect(formatTimeLeft(HOUR + MINUTE)).toBe('1 hour 1 minute');
    expect(formatTimeLeft(3 * HOUR)).toBe('3 hours');
  });
  it('shows minutes under an hour', () => {
    expect(formatTimeLeft(HOUR - 1)).toBe('59 minutes');
    expect(formatTimeLeft(MINUTE)).toBe('1 minute');
  });
  it('says less than a minute under a minute, and for nothing or nonsense', () => {
    expect(formatTimeLeft(MINUTE - 1)).toBe('less than a minute');
    expect(formatTimeLeft(0)).toBe('less than a minute');
    expect(formatTimeLeft(-5 * MINUTE)).toBe('less than a minute');
    expect(formatTimeLeft(Number.NaN)).toBe('less than a minute');
  });
});

describe('releaseCountdown', () => {
  const now = new Date('2026-01-05T10:00:00Z');
  it('counts down to the automatic release', () => {
    expect(releaseCountdown('2026-01-07T14:30:00Z', now)).toBe('Releases automatically in 2 days 4 hours');
    expect(releaseCountdown(new Date(now.getTime() + 30_000), now)).toBe(
      'Releases automatically in less than a minute',
    );
  });
  it('says it is happening once the moment has passed', () => {
    expect(releaseCountdown('2026-01-05T10:00:00Z', now)).toBe('Releasing automatically now');
    expect(releaseCountdown('2026-01-04T10:00:00Z', now)).toBe('Releasing automatically now');
  });
  it('says nothing of an unreadable moment', () => {
    expect(releaseCountdown('not a date', now)).toBe('');
  });
});

describe('hasArrived', () => {
  const now = new Date('2026-01-05T10:00:00Z');
  it('is true from the moment on', () => {
    expect(hasArrived('2026-01-05T10:00:00Z', now)).toBe(true);
    expect(hasArrived('2026-01-01T00:00:00Z', now)).toBe(true);
    expect(hasArrived('2026-01-05T10:00:01Z', now)).toBe(false);
  });
  it('is false without a readable moment', () => {
    expect(hasArrived(null, now)).toBe(false);
    expect(hasArrived(undefined, now)).toBe(false);
    expect(hasArrived('soon', now)).toBe(false);
  });
});

describe('inspectionPeriod', () => {
  it('names the days', () => {
    expect(inspectionPeriod(1)).toBe('1 day');
    expect(inspectionPeriod(3)).toBe('3 days');
  });
});
