import { describe, expect, it } from 'vitest';
import { groupsOfFour } from './secret';

describe('groupsOfFour', () => {
  it('splits the secret into groups of four, the last one shorter when it must be', () => {
    expect(groupsOfFour('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupsOfFour('ABCDEF')).toBe('ABCD EF');
    expect(groupsOfFour('AB CD EF GH')).toBe('ABCD EFGH');
    expect(groupsOfFour('')).toBe('');
  });
});
