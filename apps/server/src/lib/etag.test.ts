import { describe, expect, it } from 'vitest';
import { ifNoneMatchHas, weakEtag } from './etag.js';

describe('weakEtag', () => {
  it('is the same for the same parts and differs for others', () => {
    expect(weakEtag(['1.2', 'u', 20])).toBe(weakEtag(['1.2', 'u', 20]));
    expect(weakEtag(['1.2', 'u', 20])).not.toBe(weakEtag(['1.3', 'u', 20]));
    expect(weakEtag(['1.2', 'u', 20])).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
  });
});

describe('ifNoneMatchHas', () => {
  const tag = 'W/"abc"';
  it('matches the tag weakly, in a list, or *', () => {
    for (const header of ['W/"abc"', '"abc"', '"x", W/"abc"', ' W/"x" ,"abc" ', '*']) {
      expect(ifNoneMatchHas(header, tag), header).toBe(true);
    }
  });
  it('does not match another tag, a missing header or an empty one', () => {
    for (const header of [undefined, '', 'W/"abcd"', '"ab"', 'abc']) {
      expect(ifNoneMatchHas(header, tag), String(header)).toBe(false);
    }
  });
});
