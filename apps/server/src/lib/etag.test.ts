import { describe, expect, it } from 'vitest';
import { etagValidUntil, matchingEtag, weakEtag } from './etag.js';

describe('weakEtag', () => {
  it('is the same for the same parts and differs for others', () => {
    expect(weakEtag(['1.2', 'u', 20])).toBe(weakEtag(['1.2', 'u', 20]));
    expect(weakEtag(['1.2', 'u', 20])).not.toBe(weakEtag(['1.3', 'u', 20]));
    expect(weakEtag(['1.2', 'u', 20])).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
  });
});

describe('matchingEtag', () => {
  const tag = 'W/"abc"';
  const now = new Date('2026-11-27T10:00:00Z');
  it('matches the tag weakly, in a list, or *', () => {
    for (const header of ['W/"abc"', '"abc"', '"x", W/"abc"', ' W/"x" ,"abc" ', '*']) {
      expect(matchingEtag(header, tag, now), header).not.toBeNull();
    }
  });
  it('does not match another tag, a missing header or an empty one', () => {
    for (const header of [undefined, '', 'W/"abcd"', '"ab"', 'abc']) {
      expect(matchingEtag(header, tag, now), String(header)).toBeNull();
    }
  });
  it('matches a tag valid until a moment only before that moment, and answers it as sent', () => {
    const until = etagValidUntil(tag, new Date('2026-11-27T12:00:00Z'));
    expect(until).toBe(`W/"abc.${Date.parse('2026-11-27T12:00:00Z')}"`);
    expect(matchingEtag(until, tag, now)).toBe(until);
    expect(matchingEtag(until, tag, new Date('2026-11-27T12:00:00Z'))).toBeNull();
    expect(etagValidUntil(tag, null)).toBe(tag);
  });
});
