import { describe, expect, it } from 'vitest';
// The whole server's modules, as the bundle loads them at start (nothing is built or opened here).
import '../../app.js';
import { isPackageLoaded } from '../../lib/optional-module.js';
import { isPasswordTooWeak } from '../../lib/password-strength.js';
import { qrCodeDataUrl } from './two-factor.service.js';

// One test, in order: each first use is what loads its package. This file imports neither package itself,
// and vitest runs each test file in a process of its own.
describe('zxcvbn and qrcode load on first use, not at start', () => {
  it('loads zxcvbn with the first password checked and qrcode with the first QR code, and both work', async () => {
    expect(isPackageLoaded('@zxcvbn-ts/core')).toBe(false);
    expect(isPackageLoaded('@zxcvbn-ts/language-common')).toBe(false);
    expect(isPackageLoaded('qrcode')).toBe(false);

    expect(isPasswordTooWeak('password1')).toBe(true);
    expect(isPackageLoaded('@zxcvbn-ts/core')).toBe(true);
    expect(isPackageLoaded('@zxcvbn-ts/language-common')).toBe(true);
    // The dictionaries and the personal guesses are both in use.
    expect(isPasswordTooWeak('ada.lovelace', ['ada.lovelace@example.com'])).toBe(true);
    expect(isPasswordTooWeak('Tangerine-Orbit-47')).toBe(false);

    const qr = await qrCodeDataUrl('otpauth://totp/Holdfast:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Holdfast');
    expect(isPackageLoaded('qrcode')).toBe(true);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    expect(
      Buffer.from(qr.slice(qr.indexOf(',') + 1), 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });
});
