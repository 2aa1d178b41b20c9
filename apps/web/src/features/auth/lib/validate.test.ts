import { describe, expect, it } from 'vitest';
import { roleFromSearch } from './validate';

describe('roleFromSearch', () => {
  it('preselects the role from the query string', () => {
    expect(roleFromSearch('?role=seller')).toBe('seller');
    expect(roleFromSearch('role=seller')).toBe('seller');
    expect(roleFromSearch('?role=buyer')).toBe('buyer');
    expect(roleFromSearch('')).toBe('buyer');
    expect(roleFromSearch('?role=admin')).toBe('buyer');
  });
});
