import { describe, expect, it } from 'vitest';
import { isValidProfileSlug, pictureProblem, PROFILE_MESSAGES, sanitizeSlugInput } from '@holdfast/contracts';
import { dealLine, memberSince, reviewsLine, successRateTone } from './display';
import { generateProfileSlug } from './slug';

describe('generateProfileSlug', () => {
  it('makes adjective-noun-number slugs, the number below 1000, always valid', () => {
    for (let i = 0; i < 500; i++) {
      const slug = generateProfileSlug();
      expect(slug).toMatch(/^[a-z]+-[a-z]+-\d{1,3}$/);
      expect(Number(slug.split('-')[2])).toBeLessThan(1000);
      expect(isValidProfileSlug(slug)).toBe(true);
    }
    expect(generateProfileSlug(() => 0)).toBe('amber-anchor-0');
    expect(generateProfileSlug(() => 0.9999)).toBe('witty-zebra-999');
  });
});

describe('the slug input and rule', () => {
  it('lowercases and strips everything but letters, digits and hyphens', () => {
    expect(sanitizeSlugInput('Brave Otter_42!')).toBe('braveotter42');
    expect(sanitizeSlugInput('ÜBER-cool')).toBe('ber-cool');
    expect(sanitizeSlugInput('my-Shop-2026')).toBe('my-shop-2026');
  });

  it('wants 3-50 characters, no hyphen at either end', () => {
    for (const ok of ['abc', 'a-b', 'a'.repeat(50), 'brave-otter-42', '123']) expect(isValidProfileSlug(ok)).toBe(true);
    for (const bad of ['ab', 'a'.repeat(51), '-abc', 'abc-', 'ABC', 'a_b', ''])
      expect(isValidProfileSlug(bad)).toBe(false);
  });
});

describe('pictureProblem', () => {
  const MB = 1024 * 1024;
  it('accepts JPG, PNG, GIF and WebP up to 5 MB, with the spec texts otherwise', () => {
    expect(pictureProblem({ type: 'image/png', size: 5 * MB })).toBeNull();
    expect(pictureProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(pictureProblem({ type: 'image/png', size: 5 * MB + 1 })).toBe(PROFILE_MESSAGES.fileTooLarge);
    expect(pictureProblem({ type: 'image/svg+xml', size: 10 })).toBe(PROFILE_MESSAGES.invalidFileType);
    expect(pictureProblem({ type: 'text/plain', size: 10 })).toBe(PROFILE_MESSAGES.invalidFileType);
    expect(pictureProblem({ type: '', size: 10 })).toBe(PROFILE_MESSAGES.invalidFileType);
  });
});

describe('public profile display', () => {
  it('colours the success rate: 90+ green, 70-89 yellow, below 70 red', () => {
    expect(successRateTone(100)).toBe('green');
    expect(successRateTone(90)).toBe('green');
    expect(successRateTone(89)).toBe('yellow');
    expect(successRateTone(70)).toBe('yellow');
    expect(successRateTone(69)).toBe('red');
    expect(successRateTone(0)).toBe('red');
  });

  it('words the deal, the membership and the reviews', () => {
    expect(dealLine({ role: 'buyer', counterpartyName: 'Test S.' })).toBe('Bought from Test S.');
    expect(dealLine({ role: 'seller', counterpartyName: 'Test B.' })).toBe('Sold to Test B.');
    expect(memberSince('2026-03-05T10:00:00.000Z')).toBe('Member since March 2026');
    expect(memberSince('nonsense')).toBe('');
    expect(reviewsLine(0, null)).toBe('No reviews yet');
    expect(reviewsLine(1, 4)).toBe('1 review');
    expect(reviewsLine(12, 4.5)).toBe('12 reviews');
  });
});
