import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('says a median time to decision as people do', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(10)).toBe('1 min');
    expect(formatDuration(40 * 60)).toBe('40 min');
    expect(formatDuration(5 * 3600)).toBe('5 h');
    expect(formatDuration(3 * 86_400)).toBe('3 d');
    expect(formatDuration(2 * 86_400 + 4 * 3600)).toBe('2 d 4 h');
  });
});
