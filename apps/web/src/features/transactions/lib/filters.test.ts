import { describe, expect, it } from 'vitest';
import { filterCounts, filterTransactions } from './filters';

const list = ['pending', 'active', 'completed', 'completed', 'cancelled', 'disputed'].map((status, i) => ({
  id: i,
  status,
}));

describe('transaction filters', () => {
  it('counts each filter (all includes cancelled)', () => {
    expect(filterCounts(list)).toEqual({ all: 6, pending: 1, active: 1, completed: 2, disputed: 1 });
  });
  it('filters by status', () => {
    expect(filterTransactions(list, 'all')).toHaveLength(6);
    expect(filterTransactions(list, 'completed').map((t) => t.id)).toEqual([2, 3]);
  });
});
