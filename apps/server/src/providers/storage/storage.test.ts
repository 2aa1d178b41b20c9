import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in.js';
import { createDiskStorage, createS3Storage, createStorage, isSafeStorageKey, type Storage } from './index.js';

const UNSAFE_KEYS = [
  '',
  '../escape',
  'a/../../escape',
  '/etc/passwd',
  'a//b',
  'a/./b',
  '.hidden',
  'a\\b',
  'a/b/',
  'name with space',
  'x'.repeat(513),
];

/** The same behaviour from every implementation. */
function behavesAsStorage(name: string, make: () => Storage) {
  describe(`${name} storage`, () => {
    it('puts, gets with the stored content type, overwrites and deletes', async () => {
      const storage = make();
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
      await storage.put('profile-pictures/abc.png', bytes, 'image/png');
      expect(await storage.get('profile-pictures/abc.png')).toEqual({ body: bytes, contentType: 'image/png' });

      await storage.put('profile-pictures/abc.png', Buffer.from('GIF89a'), 'image/gif');
      expect(await storage.get('profile-pictures/abc.png')).toEqual({
        body: Buffer.from('GIF89a'),
        contentType: 'image/gif',
      });

      await storage.delete('profile-pictures/abc.png');
      expect(await storage.get('profile-pictures/abc.png')).toBeNull();
    });

    it('answers null for an unknown key and deletes a missing key quietly', async () => {
      const storage = make();
      expect(await storage.get('profile-pictures/never-stored.jpg')).toBeNull();
      await expect(storage.delete('profile-pictures/never-stored.jpg')).resolves.toBeUndefined();
    });

    it('refuses keys that could leave the store', async () => {
      const storage = make();
      for (const key of UNSAFE_KEYS) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.delete(key), key).rejects.toThrow(/Unsafe storage key/);
      }
    });
  });
}

describe('storage keys', () => {
  it('are relative paths of plain segments', () => {
    expect(isSafeStorageKey('profile-pictures/0a1b.webp')).toBe(true);
    expect(isSafeStorageKey('a/b_c-d.e')).toBe(true);
    for (const key of UNSAFE_KEYS) expect(isSafeStorageKey(key), key).toBe(false);
  });
});

describe('disk', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'holdfast-storage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  behavesAsStorage('disk', () => createDiskStorage(path.join(root, 'uploads')));

  it('keeps everything under its root and leaves no temporary files', async () => {
    const dir = path.join(root, 'contained', 'uploads');
    const storage = createDiskStorage(dir);
    await storage.put('profile-pictures/one.jpg', Buffer.from('jpeg'), 'image/jpeg');
    expect(readdirSync(path.join(dir, 'profile-pictures'))).toEqual(['one.jpg']);
    expect(readdirSync(path.join(root, 'contained'))).toEqual(['uploads']);
  });

  it('is what the config builds by default, under DATA_DIR/uploads', async () => {
    const dataDir = path.join(root, 'data');
    const storage = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    expect(storage.name).toBe('disk');
    await storage.put('k/v.png', Buffer.from('x'), 'image/png');
    expect(readdirSync(path.join(dataDir, 'uploads', 'k'))).toEqual(['v.png']);
  });
});

describe('s3 (the AWS SDK against a local stand-in)', () => {
  let standIn: S3StandIn;
  beforeAll(async () => {
    standIn = await startS3StandIn();
  });
  afterAll(() => standIn.close());

  const options = () => ({
    bucket: standIn.bucket,
    region: 'us-east-1',
    endpoint: standIn.endpoint,
    accessKeyId: standIn.accessKeyId,
    secretAccessKey: standIn.secretAccessKey,
    forcePathStyle: true,
  });

  behavesAsStorage('s3', () => createS3Storage(options()));

  it('sends path-style, signed requests and stores the content type with the object', async () => {
    const storage = createS3Storage(options());
    await storage.put('profile-pictures/p.webp', Buffer.from('RIFF'), 'image/webp');
    expect(standIn.calls.at(-1)).toEqual({ method: 'PUT', path: `/${standIn.bucket}/profile-pictures/p.webp` });
    expect(standIn.objects.get('profile-pictures/p.webp')).toEqual({
      body: Buffer.from('RIFF'),
      contentType: 'image/webp',
    });
  });

  it('surfaces a refusal (wrong credentials) as an error, never as a missing object', async () => {
    const storage = createS3Storage({ ...options(), accessKeyId: 'AKIDWRONG' });
    await expect(storage.get('profile-pictures/p.webp')).rejects.toThrow();
    await expect(storage.put('profile-pictures/q.png', Buffer.from('x'), 'image/png')).rejects.toThrow();
  });

  it('is what the config builds with STORAGE_PROVIDER=s3', async () => {
    const storage = createStorage(
      loadConfig({
        NODE_ENV: 'test',
        STORAGE_PROVIDER: 's3',
        S3_BUCKET: standIn.bucket,
        S3_REGION: 'eu-west-1',
        S3_ENDPOINT: standIn.endpoint,
        S3_ACCESS_KEY_ID: standIn.accessKeyId,
        S3_SECRET_ACCESS_KEY: standIn.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      }),
    );
    expect(storage.name).toBe('s3');
    await storage.put('from-config.png', Buffer.from('png'), 'image/png');
    expect((await storage.get('from-config.png'))?.body.toString()).toBe('png');
  });
});

describe('storage configuration', () => {
  const base = {
    NODE_ENV: 'production',
    AUTH_SECRET: 't3Qm9Vx2Lk7Rb4Nw8Ys1Hd6Fz0Jc5Pg2Ue7Ao9Ki',
    PAYMENTS_PROVIDER: 'stripe',
  };
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

  it('defaults to disk', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).storage).toEqual({ provider: 'disk', s3: undefined });
  });

  it('refuses an incomplete S3 configuration', () => {
    expect(() => loadConfig({ ...base, ...stripe, STORAGE_PROVIDER: 's3' })).toThrow(
      /S3_BUCKET and S3_REGION: required when STORAGE_PROVIDER=s3/,
    );
    expect(() => loadConfig({ ...base, ...stripe, STORAGE_PROVIDER: 's3', S3_BUCKET: 'b' })).toThrow(
      /S3_REGION: required/,
    );
    expect(() =>
      loadConfig({ ...base, ...stripe, STORAGE_PROVIDER: 's3', S3_BUCKET: 'b', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'a' }),
    ).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither/);
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE_PROVIDER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE_PROVIDER: 's3', S3_ENDPOINT: 'ftp://x' })).toThrow(
      /S3_ENDPOINT must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE_PROVIDER: 'ftp' })).toThrow(/STORAGE_PROVIDER/);
  });

  it('in production, refuses S3 settings that would be ignored', () => {
    expect(() => loadConfig({ ...base, ...stripe, S3_BUCKET: 'b' })).toThrow(/set STORAGE_PROVIDER=s3/);
  });

  it('accepts a complete S3 configuration, with or without keys (the default credential chain)', () => {
    const config = loadConfig({
      ...base,
      ...stripe,
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: 'pictures',
      S3_REGION: 'af-south-1',
    });
    expect(config.storage).toEqual({
      provider: 's3',
      s3: {
        bucket: 'pictures',
        region: 'af-south-1',
        endpoint: undefined,
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: false,
      },
    });
  });
});
