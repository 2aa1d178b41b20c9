import { describe, expect, it } from 'vitest';
// The whole server's modules, as the bundle loads them at start (nothing is built or opened here).
import '../../app.js';
import { isPackageLoaded } from '../../lib/optional-module.js';
import { sniffPictureType } from './profile.pictures.js';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// One test, in order: the first picture sniffed loads file-type. This file does not import it itself
// (profile.pictures.test.ts does), and vitest runs each test file in a process of its own.
describe('file-type loads on first use, not at start', () => {
  it('loads file-type with the first picture sniffed, and sniffs by content', async () => {
    expect(isPackageLoaded('file-type')).toBe(false);

    expect(await sniffPictureType(PNG)).toBe('image/png');
    expect(isPackageLoaded('file-type')).toBe(true);
    expect(await sniffPictureType(Buffer.from('%PDF-1.4\n'))).toBe(null);
    expect(await sniffPictureType(Buffer.from('just some text, no image'))).toBe(null);
  });
});
