import { describe, expect, it } from 'vitest';
import { dueCountdown, stepActor } from './dispute-step';

const now = new Date('2026-11-27T10:00:00Z');

describe('dispute step texts', () => {
  it('names who must act from the viewer’s side', () => {
    expect(stepActor('seller', 'seller')).toBe('You (the seller)');
    expect(stepActor('seller', 'buyer')).toBe('The seller');
    expect(stepActor('moderator', 'buyer')).toBe('A moderator');
    expect(stepActor('moderator', 'moderator')).toBe('You (the moderator)');
    expect(stepActor('admin', 'moderator')).toBe('An administrator');
    expect(stepActor(null, 'buyer')).toBe('Nobody: the case is closed');
  });

  it('counts down to the deadline, then says it has passed', () => {
    expect(dueCountdown('2026-11-30T14:30:00Z', now)).toBe('in 3 days 4 hours');
    expect(dueCountdown('2026-11-27T10:00:30Z', now)).toBe('in less than a minute');
    expect(dueCountdown('2026-11-27T10:00:00Z', now)).toBe('the deadline has passed');
    expect(dueCountdown('not a date', now)).toBe('');
  });
});
