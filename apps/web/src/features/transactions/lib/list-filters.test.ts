import { describe, expect, it } from 'vitest';
import { NO_FILTERS, apiParams, filtersFromSearch, filtersToSearch, isNarrowed } from './list-filters';

describe('the list filters in the address', () => {
  it('round-trips and leaves defaults out', () => {
    expect(filtersToSearch(NO_FILTERS)).toBe('');
    const f = { ...NO_FILTERS, status: 'pending' as const, q: 'lens', sort: 'amount_asc' as const, minAmount: '10' };
    expect(filtersFromSearch(filtersToSearch(f))).toEqual(f);
    expect(isNarrowed(f)).toBe(true);
    expect(isNarrowed({ ...NO_FILTERS, status: 'completed' })).toBe(false);
  });

  it('ignores what it cannot read', () => {
    expect(filtersFromSearch('status=lost&sort=cheapest&minAmount=abc&from=yesterday')).toEqual(NO_FILTERS);
  });

  it('asks the server for whole local days and valid amounts only', () => {
    const p = apiParams({
      ...NO_FILTERS,
      fromDate: '2026-01-05',
      toDate: '2026-01-05',
      minAmount: '5',
      maxAmount: '4',
    });
    expect(p.from).toBe(new Date(2026, 0, 5).toISOString());
    expect(p.to).toBe(new Date(2026, 0, 6).toISOString());
    expect(p.minAmount).toBe('5');
    expect(p.maxAmount).toBeUndefined();
    expect(apiParams(NO_FILTERS)).toEqual({
      status: undefined,
      q: undefined,
      sort: undefined,
      minAmount: undefined,
      maxAmount: undefined,
      from: undefined,
      to: undefined,
    });
  });
});
