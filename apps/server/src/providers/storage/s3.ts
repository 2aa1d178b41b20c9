import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { loadOptional } from '../../lib/optional-module.js';
import { assertSafeStorageKey, type Storage } from './types.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); AWS itself when unset. */
  endpoint?: string;
  /** Without both keys the SDK's default credential chain is used (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most S3-compatible services). */
  forcePathStyle: boolean;
}

const sdk = () => loadOptional('@aws-sdk/client-s3') as typeof S3;

const isNotFound = (err: unknown) =>
  (err instanceof sdk().S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) ||
  (err as { name?: string }).name === 'NoSuchKey';

/** An S3 bucket through the official AWS SDK. */
export function createS3Storage(options: S3StorageOptions, client?: S3Client): Storage {
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } = sdk();
  const s3 =
    client ??
    new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: S3-compatible services do not all understand the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  const Bucket = options.bucket;

  return {
    name: 's3',
    async put(key, bytes, contentType) {
      assertSafeStorageKey(key);
      await s3.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      assertSafeStorageKey(key);
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        const body = Buffer.from(await res.Body.transformToByteArray());
        return { body, contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertSafeStorageKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
