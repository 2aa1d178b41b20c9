import { describe, expect, it } from 'vitest';
import { roleFromSearch, validateLogin, validateRegister } from './validate';

const ok = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('validateRegister', () => {
  it('accepts a complete form', () => {
    expect(validateRegister(ok)).toBeNull();
  });
  it('requires every field first', () => {
    expect(validateRegister({ ...ok, lastName: '  ' })).toBe('All fields are required');
    expect(validateRegister({ ...ok, password: '', confirmPassword: '' })).toBe('All fields are required');
    expect(validateRegister({ ...ok, confirmPassword: '' })).toBe('All fields are required');
  });
  it('then checks the passwords match', () => {
    expect(validateRegister({ ...ok, confirmPassword: 'secret2' })).toBe('Passwords do not match');
    expect(validateRegister({ ...ok, password: 'abc', confirmPassword: 'abd' })).toBe('Passwords do not match');
  });
  it('then the minimum length', () => {
    expect(validateRegister({ ...ok, password: 'abc', confirmPassword: 'abc' })).toBe(
      'Password must be at least 6 characters',
    );
  });
});

describe('validateLogin', () => {
  it('requires email and password', () => {
    expect(validateLogin({ email: '', password: 'x' })).toBe('Email and password are required');
    expect(validateLogin({ email: 'a@b.c', password: '' })).toBe('Email and password are required');
    expect(validateLogin({ email: 'a@b.c', password: 'x' })).toBeNull();
  });
});

describe('roleFromSearch', () => {
  it('preselects the role from the query string', () => {
    expect(roleFromSearch('?role=seller')).toBe('seller');
    expect(roleFromSearch('role=seller')).toBe('seller');
    expect(roleFromSearch('?role=buyer')).toBe('buyer');
    expect(roleFromSearch('')).toBe('buyer');
    expect(roleFromSearch('?role=admin')).toBe('buyer');
  });
});
