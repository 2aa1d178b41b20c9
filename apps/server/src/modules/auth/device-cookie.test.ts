import { describe, expect, it } from 'vitest';
import { deviceToken, deviceUserId } from './device-cookie.js';

const SECRET = 'a-test-secret-that-is-long-enough-1234';

describe('device cookie', () => {
  it('names the account it was issued for, and only with our secret', () => {
    const token = deviceToken('user-1', SECRET);
    expect(deviceUserId(token, SECRET)).toBe('user-1');
    expect(deviceUserId(token, `${SECRET}x`)).toBeNull();
    expect(deviceUserId(undefined, SECRET)).toBeNull();
    expect(deviceUserId('no-dots', SECRET)).toBeNull();
  });

  it('refuses every other spelling of the signature, including one that differs only in unused base64 bits', () => {
    const token = deviceToken('user-1', SECRET);
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const head = token.slice(0, token.lastIndexOf('.') + 1);
    // A 32-byte HMAC is 43 base64url characters; the last one carries 2 unused bits, so flipping its lowest bit
    // decodes to the same bytes. Such a spelling was never issued and must not count.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1)!);
    const sameBytes = signature.slice(0, -1) + alphabet[last ^ 1];
    expect(Buffer.from(sameBytes, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    expect(deviceUserId(head + sameBytes, SECRET)).toBeNull();
    // Changing the account changes the signed payload.
    expect(deviceUserId(token.replace('user-1', 'user-2'), SECRET)).toBeNull();
  });
});
