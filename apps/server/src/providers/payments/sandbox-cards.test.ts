import { describe, expect, it } from 'vitest';
import { sandboxCardOutcome } from './sandbox-cards.js';

describe('sandboxCardOutcome', () => {
  it('knows the test cards, with or without spaces', () => {
    expect(sandboxCardOutcome('4242 4242 4242 4242')).toEqual({ ok: true });
    expect(sandboxCardOutcome('4242424242424242')).toEqual({ ok: true });
    expect(sandboxCardOutcome('4000 0000 0000 0002')).toMatchObject({ ok: false, message: 'Your card was declined.' });
    expect(sandboxCardOutcome('4000-0000-0000-9995')).toMatchObject({
      ok: false,
      message: 'Your card has insufficient funds.',
    });
  });
  it('calls any other number incorrect', () => {
    for (const n of ['4111 1111 1111 1111', '', 'abcd', '4242']) {
      expect(sandboxCardOutcome(n)).toMatchObject({ ok: false, message: 'Your card number is incorrect.' });
    }
  });
});
