import { describe, expect, it } from 'vitest';
import { dashboardStats } from './stats';

describe('dashboard stats', () => {
  it('keeps the server’s counts and success rate', () => {
    const counts = { total: 4, pending: 1, active: 1, completed: 2, disputed: 0, cancelled: 0, successRate: 100 };
    expect(dashboardStats(counts)).toEqual(counts);
  });

  it('is zero, with no success rate, while the counts load', () => {
    expect(dashboardStats(undefined)).toMatchObject({ total: 0, completed: 0, successRate: null });
  });
});
