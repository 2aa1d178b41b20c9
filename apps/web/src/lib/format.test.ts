import { describe, expect, it } from 'vitest';
import { displayName, fullName, greetingName, humanize, initials, successRateText } from './format';

describe('greetingName', () => {
  it('uses the first name, else the email before @, else User', () => {
    expect(greetingName({ firstName: 'Ada', email: 'ada@example.com' })).toBe('Ada');
    expect(greetingName({ firstName: '  ', email: 'grace.hopper@example.com' })).toBe('grace.hopper');
    expect(greetingName({ firstName: null, email: '' })).toBe('User');
    expect(greetingName(null)).toBe('User');
  });
});

describe('initials', () => {
  it('uses first letters of first and last name, else the email, else U', () => {
    expect(initials({ firstName: 'ada', lastName: 'lovelace', email: 'x@y.z' })).toBe('AL');
    expect(initials({ firstName: null, lastName: null, email: 'zed@example.com' })).toBe('Z');
    expect(initials({ firstName: '', lastName: '', email: '' })).toBe('U');
    expect(initials(undefined)).toBe('U');
  });
});

describe('names', () => {
  it('builds full and display names', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(fullName({ firstName: null, lastName: null })).toBeNull();
    expect(displayName({ email: 'a@b.c' })).toBe('a@b.c');
  });
});

describe('successRateText', () => {
  it('shows the server’s rate in percent, and words instead of 0% before any deal finished', () => {
    expect(successRateText(0)).toBe('0%');
    expect(successRateText(67)).toBe('67%');
    expect(successRateText(null)).toBe('No completed deals yet');
  });
});

describe('humanize', () => {
  it('shows underscores as spaces', () => {
    expect(humanize('in_progress')).toBe('In progress');
  });
});
