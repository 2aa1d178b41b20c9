import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk.js';
import { decryptBytes, encryptBytes, encryptedStorage } from './encrypted.js';

describe('encrypted storage (identity documents on disk, decision 027)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'holdfast-encrypted-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const key = randomBytes(32);

  it('writes ciphertext, reads the plain bytes back, and a fresh IV each time', async () => {
    const disk = createDiskStorage(root);
    const store = encryptedStorage(disk, key);
    const plain = Buffer.from('%PDF-1.4 passport scan');
    await store.put('identity-documents/a', plain, 'application/pdf');
    const raw = readFileSync(path.join(root, 'identity-documents', 'a'));
    expect(raw.subarray(0, 4).toString()).toBe('HFE1');
    expect(raw.includes(plain)).toBe(false);
    expect(await store.get('identity-documents/a')).toEqual({ body: plain, contentType: 'application/pdf' });
    expect(encryptBytes(key, plain).equals(encryptBytes(key, plain))).toBe(false);
    await store.delete('identity-documents/a');
    expect(await store.get('identity-documents/a')).toBeNull();
  });

  it('refuses an altered file, another key and a plain file', async () => {
    const store = encryptedStorage(createDiskStorage(root), key);
    await store.put('identity-documents/b', Buffer.from('selfie'), 'image/jpeg');
    const file = path.join(root, 'identity-documents', 'b');
    const sealed = readFileSync(file);
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    writeFileSync(file, altered);
    await expect(store.get('identity-documents/b')).rejects.toThrow();
    expect(() => decryptBytes(randomBytes(32), sealed)).toThrow();
    expect(() => decryptBytes(key, Buffer.from('plain bytes, never encrypted'))).toThrow(/not an encrypted object/);
    expect(() => encryptedStorage(createDiskStorage(root), randomBytes(16))).toThrow(/32 bytes/);
  });
});
