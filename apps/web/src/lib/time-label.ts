/**
 * The time label of a conversation or chat (spec section 2, Messages): a time on the same day,
 * 'Yesterday' one day back, a weekday under seven days back, else month and day. Calendar days in the
 * viewer's time zone.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

/** Whole calendar days from `date` to `now` (0 the same day; negative for a date in the future). */
export function calendarDaysBetween(date: Date, now: Date): number {
  // Rounded: a day with a daylight-saving change is 23 or 25 hours long.
  return Math.round((startOfDay(now).getTime() - startOfDay(date).getTime()) / DAY_MS);
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const weekdayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long' });
const monthDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '14:05' today, 'Yesterday', 'Monday' within the week, else 'Jan 5'. Empty for no or a bad date. */
export function timeLabel(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  if (value === null || value === undefined) return '';
  const date = toDate(value);
  if (!date) return '';
  const days = calendarDaysBetween(date, now);
  // A clock slightly ahead of ours still reads as today.
  if (days <= 0) return timeFormat.format(date);
  if (days === 1) return 'Yesterday';
  if (days < 7) return weekdayFormat.format(date);
  return monthDayFormat.format(date);
}

/** A message's own stamp: the time, after the day label when it is not today ('Yesterday 14:05'). */
export function messageTimeLabel(value: string | number | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const day = timeLabel(date, now);
  const time = timeFormat.format(date);
  return day === time ? time : `${day} ${time}`;
}
