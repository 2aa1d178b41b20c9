import { describe, expect, it } from 'vitest';
import { dashboardStats, latestTransactions } from './stats';

const tx = (status: string, day: number) => ({
  status,
  createdAt: `2025-01-${String(day).padStart(2, '0')}T10:00:00Z`,
});

describe('dashboard stats', () => {
  it('counts statuses and the success rate', () => {
    const list = [tx('completed', 1), tx('completed', 2), tx('active', 3), tx('pending', 4)];
    expect(dashboardStats(list)).toMatchObject({ total: 4, completed: 2, active: 1, pending: 1, successRate: 50 });
    expect(dashboardStats([]).successRate).toBe(0);
  });

  it('takes the five newest', () => {
    const list = [1, 7, 3, 9, 5, 2, 8].map((d) => tx('pending', d));
    expect(latestTransactions(list).map((t) => t.createdAt.slice(8, 10))).toEqual(['09', '08', '07', '05', '03']);
  });
});
