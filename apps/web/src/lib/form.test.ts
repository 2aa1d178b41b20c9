import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorMessages, fieldErrorView, showServerFieldErrors } from './form';

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

describe('fieldErrorView', () => {
  const ids = { summary: 'form-error', message: 'email-error', hint: 'email-hint' };
  it('ties a field to the summary when its error is the message shown', () => {
    expect(
      fieldErrorView({ type: 'too_small', message: 'All fields are required' }, 'All fields are required', ids),
    ).toEqual({ 'aria-invalid': true, 'aria-describedby': 'form-error email-hint' });
  });
  it('shows a server message of its own under the field', () => {
    expect(
      fieldErrorView({ type: 'server', message: 'Invalid email address' }, 'Account creation failed', ids),
    ).toEqual({
      'aria-invalid': true,
      'aria-describedby': 'email-error email-hint',
      message: 'Invalid email address',
    });
  });
  it('waits with a rule whose turn has not come, and keeps the hint', () => {
    expect(
      fieldErrorView(
        { type: 'too_small', message: 'Password must be at least 6 characters' },
        'Passwords do not match',
        ids,
      ),
    ).toEqual({ 'aria-describedby': 'email-hint' });
    expect(fieldErrorView(undefined, null, { summary: 's', message: 'm' })).toEqual({ 'aria-describedby': undefined });
  });
});
