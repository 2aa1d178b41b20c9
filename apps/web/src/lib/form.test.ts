import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorMessages, showServerFieldErrors } from './form';

describe('errorMessages', () => {
  it('lists the messages of the fields that have one', () => {
    expect(
      errorMessages({
        email: { type: 'x', message: 'Invalid email address' },
        password: { type: 'x' },
        confirmPassword: { type: 'x', message: 'Passwords do not match' },
      }),
    ).toEqual(['Invalid email address', 'Passwords do not match']);
  });
});

describe('showServerFieldErrors', () => {
  it('puts each named field message under its field, and says whether any was named', () => {
    const body = {
      message: 'Enter a valid seller email address',
      code: 'VALIDATION',
      fields: { sellerEmail: 'Bad', other: 'x' },
    };
    const err = new ApiError(400, JSON.stringify(body), body);
    const set: Array<[string, string | undefined]> = [];
    const shown = showServerFieldErrors<{ sellerEmail: string; amount: string }>(
      err,
      (name, error) => set.push([name, error.message]),
      ['sellerEmail', 'amount'],
    );
    expect(shown).toBe(true);
    expect(set).toEqual([['sellerEmail', 'Bad']]);
    expect(showServerFieldErrors(new Error('x'), () => undefined, ['amount'])).toBe(false);
  });
});
