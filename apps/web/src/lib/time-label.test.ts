import { describe, expect, it } from 'vitest';
import { calendarDaysBetween, messageTimeLabel, timeLabel } from './time-label';

// Wednesday 15 January 2025, 10:30 local time.
const now = new Date(2025, 0, 15, 10, 30);
const at = (day: number, hour = 12, minute = 0, month = 0, year = 2025) => new Date(year, month, day, hour, minute);

describe('timeLabel', () => {
  it('shows the time on the same day, from midnight on', () => {
    expect(timeLabel(at(15, 9, 5), now)).toBe('09:05');
    expect(timeLabel(at(15, 0, 0), now)).toBe('00:00');
    expect(timeLabel(at(15, 10, 30).toISOString(), now)).toBe('10:30');
  });

  it("says 'Yesterday' for the previous calendar day, however few hours ago", () => {
    expect(timeLabel(at(14, 23, 59), now)).toBe('Yesterday');
    expect(timeLabel(at(14, 0, 1), now)).toBe('Yesterday');
    expect(timeLabel(at(14, 23, 59), new Date(2025, 0, 15, 0, 1))).toBe('Yesterday');
  });

  it('names the weekday from two to six days back', () => {
    expect(timeLabel(at(13), now)).toBe('Monday');
    expect(timeLabel(at(12), now)).toBe('Sunday');
    expect(timeLabel(at(9), now)).toBe('Thursday');
  });

  it('shows month and day from seven days back, across years', () => {
    expect(timeLabel(at(8), now)).toBe('Jan 8');
    expect(timeLabel(at(25, 12, 0, 11, 2024), now)).toBe('Dec 25');
  });

  it('reads a date slightly in the future as today, and nothing for no or a bad date', () => {
    expect(timeLabel(at(15, 10, 31), now)).toBe('10:31');
    expect(timeLabel(null, now)).toBe('');
    expect(timeLabel(undefined, now)).toBe('');
    expect(timeLabel('not a date', now)).toBe('');
  });

  it('labels times relative to today (another week)', () => {
    const wednesday = new Date(2025, 5, 18, 15, 0);
    expect(timeLabel(new Date(2025, 5, 17, 9, 0), wednesday)).toBe('Yesterday');
    expect(timeLabel(new Date(2025, 5, 14, 9, 0), wednesday)).toBe('Saturday');
    expect(timeLabel(new Date(2025, 4, 1, 9, 0), wednesday)).toBe('May 1');
    expect(timeLabel(new Date(2025, 5, 18, 9, 5), wednesday)).toBe('09:05');
  });
});

describe('calendarDaysBetween', () => {
  it('counts calendar days, also over a daylight-saving change', () => {
    expect(calendarDaysBetween(at(15, 0, 0), at(15, 23, 59))).toBe(0);
    expect(calendarDaysBetween(at(14, 23, 59), at(15, 0, 0))).toBe(1);
    expect(calendarDaysBetween(new Date(2025, 2, 29, 12), new Date(2025, 2, 31, 12))).toBe(2);
    expect(calendarDaysBetween(new Date(2025, 9, 25, 12), new Date(2025, 9, 27, 12))).toBe(2);
  });
});

describe('messageTimeLabel', () => {
  it('is the time today, and the day label with the time before', () => {
    expect(messageTimeLabel(at(15, 9, 5), now)).toBe('09:05');
    expect(messageTimeLabel(at(14, 18, 40), now)).toBe('Yesterday 18:40');
    expect(messageTimeLabel(at(13, 8, 0), now)).toBe('Monday 08:00');
    expect(messageTimeLabel(at(2, 8, 0), now)).toBe('Jan 2 08:00');
    expect(messageTimeLabel('nope', now)).toBe('');
  });
});
