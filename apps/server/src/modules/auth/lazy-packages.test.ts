import { describe, expect, it } from 'vitest';
// The whole server's modules, as the bundle loads them at start (nothing is built or opened here).
import '../../app.js';
import { isPackageLoaded } from '../../lib/optional-module.js';
import { isPasswordTooWeak } from '../../lib/password-strength.js';
import { qrCodeDataUrl } from './two-factor.service.js';
import { renderPdf } from '../../lib/pdf.js';

// One test, in order: each first use is what loads its package. This file imports neither package itself,
// and vitest runs each test file in a process of its own.
describe('zxcvbn, qrcode and pdfkit load on first use, not at start', () => {
  it('loads zxcvbn with the first password checked and qrcode with the first QR code, and both work', async () => {
    expect(isPackageLoaded('@zxcvbn-ts/core')).toBe(false);
    expect(isPackageLoaded('@zxcvbn-ts/language-common')).toBe(false);
    expect(isPackageLoaded('qrcode')).toBe(false);
    expect(isPackageLoaded('pdfkit')).toBe(false);

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

    // pdfkit with the first receipt or statement, its fonts included.
    const pdf = await renderPdf('Receipt', (p) => p.title('Receipt').rows([['Amount', 'R 1 234,50']]));
    expect(isPackageLoaded('pdfkit')).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
