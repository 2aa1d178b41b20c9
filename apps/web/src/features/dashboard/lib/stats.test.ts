import { describe, expect, it } from 'vitest';
import { dashboardStats } from './stats';

describe('dashboard stats', () => {
  it('keeps the server’s counts and adds the success rate', () => {
    const counts = { total: 4, pending: 1, active: 1, completed: 2, disputed: 0, cancelled: 0 };
    expect(dashboardStats(counts)).toEqual({ ...counts, successRate: 50 });
  });

  it('is zero, with a 0% success rate, while the counts load or when there are none', () => {
    expect(dashboardStats(undefined)).toMatchObject({ total: 0, completed: 0, successRate: 0 });
    expect(
      dashboardStats({ total: 0, pending: 0, active: 0, completed: 0, disputed: 0, cancelled: 0 }).successRate,
    ).toBe(0);
  });
});
