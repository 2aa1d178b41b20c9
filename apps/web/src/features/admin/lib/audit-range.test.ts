import { describe, expect, it } from 'vitest';
import { auditRange } from './audit-range';

describe('auditRange', () => {
  it('runs from the start of the first day to the start of the day after the last, in local time', () => {
    const { from, to } = auditRange('2026-06-01', '2026-06-03');
    expect(new Date(from)).toEqual(new Date(2026, 5, 1));
    expect(new Date(to)).toEqual(new Date(2026, 5, 4));
  });

  it('leaves out a day not chosen, and takes a month end into the next month', () => {
    expect(auditRange('', '')).toEqual({ from: '', to: '' });
    expect(auditRange('2026-06-01', '').to).toBe('');
    expect(new Date(auditRange('', '2026-01-31').to)).toEqual(new Date(2026, 1, 1));
  });
});
