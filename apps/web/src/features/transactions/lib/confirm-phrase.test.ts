import { describe, expect, it } from 'vitest';
import { phraseState } from './confirm-phrase';

describe('phraseState', () => {
  it('matches the phrase trimmed and case-insensitively', () => {
    expect(phraseState('I HAVE RECEIVED MY ITEM')).toBe('match');
    expect(phraseState('  i have received my item ')).toBe('match');
  });
  it('rejects anything else', () => {
    expect(phraseState('I HAVE RECEIVED MY ITEMS')).toBe('mismatch');
    expect(phraseState('I HAVE  RECEIVED MY ITEM')).toBe('mismatch');
    expect(phraseState('received')).toBe('mismatch');
  });
  it('is empty for blank input', () => {
    expect(phraseState('')).toBe('empty');
    expect(phraseState('   ')).toBe('empty');
  });
});
