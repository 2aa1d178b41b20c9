/**
 * The admin picks days in their own time zone; the server takes instants. `from` is the start of its day,
 * `to` the start of the day after (the server's end is exclusive), so both days are included.
 */
export function auditRange(fromDay: string, toDay: string): { from: string; to: string } {
  const startOf = (day: string, plusDays = 0) => {
    const [y, m, d] = day.split('-').map(Number);
    return new Date(y!, m! - 1, d! + plusDays).toISOString();
  };
  return { from: fromDay ? startOf(fromDay) : '', to: toDay ? startOf(toDay, 1) : '' };
}
