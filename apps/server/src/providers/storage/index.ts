import path from 'node:path';
import type { Config } from '../../config.js';
import { createDiskStorage } from './disk.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './types.js';

export * from './types.js';
export { createDiskStorage } from './disk.js';
export { createS3Storage, type S3StorageOptions } from './s3.js';
export { decryptBytes, encryptBytes, encryptedStorage } from './encrypted.js';

/** `s3` when configured (config refuses STORAGE_PROVIDER=s3 without its settings), else files under DATA_DIR/uploads. */
export function createStorage(config: Config): Storage {
  if (config.storage.provider === 's3' && config.storage.s3) return createS3Storage(config.storage.s3);
  return createDiskStorage(path.join(config.dataDir, 'uploads'));
}
