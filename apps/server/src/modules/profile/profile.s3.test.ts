import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/factories.js';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in.js';
import { IMAGES, uploadPicture } from './profile.test-helpers.js';

let standIn: S3StandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startS3StandIn();
  t = await createTestApp({
    env: {
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: standIn.bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: standIn.endpoint,
      S3_ACCESS_KEY_ID: standIn.accessKeyId,
      S3_SECRET_ACCESS_KEY: standIn.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

describe('profile pictures in an S3 bucket (local stand-in)', () => {
  it('are stored in the bucket, served from it, and the replaced one is deleted there', async () => {
    const me = await registerUser(t.app);
    const first = await uploadPicture(t.app, me, { data: IMAGES.jpeg, filename: 'me.jpg', contentType: 'image/jpeg' });
    expect(first.statusCode).toBe(200);
    const url: string = first.json().profileImageUrl;
    const key = `profile-pictures/${url.split('/').pop()}`;
    const object = standIn.objects.get(key);
    expect(object?.contentType).toBe('image/jpeg');
    // The bucket holds the re-encoded picture, not the uploaded bytes.
    expect((await sharp(object!.body).metadata()).format).toBe('jpeg');

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(object!.body)).toBe(true);

    const second = await uploadPicture(t.app, me, { data: IMAGES.png, filename: 'me.png', contentType: 'image/png' });
    expect(second.statusCode).toBe(200);
    expect(standIn.objects.has(key)).toBe(false);
    expect(standIn.objects.size).toBe(1);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
