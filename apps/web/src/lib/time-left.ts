const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * A time left, rounded down to what a person needs: days and hours ('2 days 4 hours'), under a day hours
 * and minutes ('5 hours 12 minutes'), under an hour minutes, under a minute 'less than a minute'.
 * A zero second part is left out ('2 days', '3 hours').
 */
export function formatTimeLeft(ms: number): string {
  if (!Number.isFinite(ms) || ms < MINUTE) return 'less than a minute';
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0) return minutes > 0 ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}` : plural(hours, 'hour');
  return plural(minutes, 'minute');
}
