import { describe, expect, it } from 'vitest';
import { ZLoginRequest, ZRegisterRequest } from './auth.js';
import { LEGAL_MESSAGES, REGISTER_MESSAGE_ORDER, firstMessage } from './constants.js';

const ok = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};
/** What the register form shows for these values: one message, in the spec's order. */
const registerMessage = (values: Record<string, unknown>) => {
  const result = ZRegisterRequest.safeParse(values);
  return result.success
    ? null
    : firstMessage(
        result.error.issues.map((i) => i.message),
        REGISTER_MESSAGE_ORDER,
      );
};

describe('the register rules (one schema for the form and the server)', () => {
  it('accepts a complete form and defaults the role to buyer', () => {
    expect(registerMessage(ok)).toBeNull();
    expect(ZRegisterRequest.parse(ok).role).toBe('buyer');
  });
  it('requires every field first', () => {
    expect(registerMessage({ ...ok, lastName: '  ' })).toBe('All fields are required');
    expect(registerMessage({ ...ok, password: '', confirmPassword: '' })).toBe('All fields are required');
    expect(registerMessage({ ...ok, confirmPassword: '' })).toBe('All fields are required');
    expect(registerMessage({ ...ok, lastName: '', password: 'abc', confirmPassword: 'abd' })).toBe(
      'All fields are required',
    );
  });
  it('then checks the passwords match', () => {
    expect(registerMessage({ ...ok, confirmPassword: 'secret2' })).toBe('Passwords do not match');
    expect(registerMessage({ ...ok, password: 'abc', confirmPassword: 'abd' })).toBe('Passwords do not match');
  });
  it('then the minimum length, then the address', () => {
    expect(registerMessage({ ...ok, password: 'abc', confirmPassword: 'abc' })).toBe(
      'Password must be at least 6 characters',
    );
    expect(registerMessage({ ...ok, email: 'not-an-address' })).toBe('Invalid email address');
  });
  it('refuses roles people cannot choose', () => {
    expect(registerMessage({ ...ok, role: 'admin' })).toBe('You can register as a buyer or a seller');
  });
  it('asks for the Terms last; a request without the field (the spec’s register call) accepts them', () => {
    expect(registerMessage({ ...ok, acceptTerms: false })).toBe(LEGAL_MESSAGES.mustAccept);
    expect(registerMessage({ ...ok, confirmPassword: '', acceptTerms: false })).toBe('All fields are required');
    expect(ZRegisterRequest.parse(ok).acceptTerms).toBe(true);
    expect(ZRegisterRequest.parse({ ...ok, acceptTerms: true }).acceptTerms).toBe(true);
  });
});

describe('the sign-in rule', () => {
  it('requires email and password', () => {
    const message = (v: object) => ZLoginRequest.safeParse(v).error?.issues[0]?.message ?? null;
    expect(message({ email: '', password: 'x' })).toBe('Email and password are required');
    expect(message({ email: 'a@b.c', password: '' })).toBe('Email and password are required');
    expect(message({ email: 'a@b.c', password: 'x' })).toBeNull();
  });
});
