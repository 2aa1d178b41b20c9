import { describe, expect, it } from 'vitest';
import { filterCounts } from './filters';

describe('transaction filters', () => {
  it('counts each filter from the server’s counts (all is the total, cancelled included)', () => {
    const stats = { total: 6, pending: 1, active: 1, completed: 2, disputed: 1, cancelled: 1 };
    expect(filterCounts(stats)).toEqual({ all: 6, pending: 1, active: 1, completed: 2, disputed: 1 });
  });
  it('counts zero while the counts load', () => {
    expect(filterCounts(undefined)).toEqual({ all: 0, pending: 0, active: 0, completed: 0, disputed: 0 });
  });
});
