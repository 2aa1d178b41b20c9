/** What a stored object gives back: its bytes and the content type it was stored with. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live (DESIGN section 1): `disk` under the data directory by default, an
 * S3-compatible bucket when configured. Keys are chosen by the product, never by a client, and are
 * checked anyway (isSafeStorageKey): a key can never reach outside its store.
 */
export interface Storage {
  readonly name: 'disk' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Null when no object has this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
}

/** Thrown for a key that is not a plain relative path of safe segments. */
export class UnsafeStorageKeyError extends Error {
  constructor(key: string) {
    super(`Unsafe storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'UnsafeStorageKeyError';
  }
}

/** Segments of letters, digits, '.', '_' and '-', each starting with a letter or digit (so never '..'). */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const STORAGE_KEY_MAX_LENGTH = 512;

/** A relative path like `profile-pictures/3f2a….png`: no leading slash, no '.', '..', backslash or empty segment. */
export function isSafeStorageKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > STORAGE_KEY_MAX_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertSafeStorageKey(key: string): void {
  if (!isSafeStorageKey(key)) throw new UnsafeStorageKeyError(key);
}
