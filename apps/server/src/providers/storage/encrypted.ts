import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Storage } from './types.js';

/** Marks an encrypted object (format version 1): magic, 12-byte IV, 16-byte GCM tag, then the ciphertext. */
const MAGIC = Buffer.from('HFE1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM with a fresh random IV per object; the key is 32 bytes. */
export function encryptBytes(key: Buffer, plain: Uint8Array): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

/** The plain bytes; throws when the object was not written by encryptBytes with this key or was altered. */
export function decryptBytes(key: Buffer, sealed: Buffer): Buffer {
  const head = MAGIC.length + IV_BYTES + TAG_BYTES;
  if (sealed.length < head || !sealed.subarray(0, MAGIC.length).equals(MAGIC))
    throw new Error('not an encrypted object');
  const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = sealed.subarray(MAGIC.length + IV_BYTES, head);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(head)), decipher.final()]);
}

/**
 * `inner` with every object encrypted before it is written and decrypted when read (decision 027): a copy
 * of the uploads folder, a backup or a stolen disk shows no identity document. The key stays in the
 * configuration, never beside the files. The GCM tag makes an altered file fail to read rather than serve
 * something else.
 */
export function encryptedStorage(inner: Storage, key: Buffer): Storage {
  if (key.length !== 32) throw new Error('an AES-256 key is 32 bytes');
  return {
    name: inner.name,
    put: (objectKey, bytes, contentType) => inner.put(objectKey, encryptBytes(key, bytes), contentType),
    async get(objectKey) {
      const stored = await inner.get(objectKey);
      return stored && { body: decryptBytes(key, stored.body), contentType: stored.contentType };
    },
    delete: (objectKey) => inner.delete(objectKey),
  };
}
