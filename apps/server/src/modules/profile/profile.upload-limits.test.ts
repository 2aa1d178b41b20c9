import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES as M, PROFILE_PICTURE_MAX_BYTES } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { listen } from '../../test/sockets.js';
import { IMAGES, multipartBody, storedPictures as storedPicturesIn } from './profile.test-helpers.js';

/** Malformed multipart bodies and the size limit, over inject and over a real socket (chunks arrive as they will). */
let t: TestApp;
let dataDir: string;
let base: string;
let me: RegisteredUser;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'holdfast-upload-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  base = await listen(t.app);
  me = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const storedPictures = () => storedPicturesIn(dataDir);
const upload = (payload: Buffer, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/upload-profile-picture',
    payload,
    headers: { 'content-type': contentType, cookie: me.cookie },
  });
const png = () =>
  multipartBody([{ name: 'profilePicture', data: IMAGES.png, filename: 'a.png', contentType: 'image/png' }]);

describe('a malformed upload is 400, never 500, and stores nothing', () => {
  it('a boundary that does not match the body', async () => {
    const { payload } = png();
    const res = await upload(payload, 'multipart/form-data; boundary=----not-the-one-in-the-body');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_UPLOAD', message: M.unreadableUpload });
  });

  it('a body cut off in the middle', async () => {
    const { payload, contentType } = png();
    const res = await upload(payload.subarray(0, payload.length - 30), contentType);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_UPLOAD', message: M.unreadableUpload });
  });

  it('a multipart type without its boundary', async () => {
    const { payload } = png();
    const res = await upload(payload, 'multipart/form-data');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_UPLOAD', message: M.unreadableUpload });
    expect(storedPictures()).toEqual([]);
  });
});

describe('the size limit always holds, before the content is looked at', () => {
  const tooLarge = { code: 'FILE_TOO_LARGE', message: 'File Too Large: Please select an image smaller than 5MB.' };

  it('a 9.9 MB body that is no image is 413, not INVALID_FILE_TYPE', async () => {
    const { payload, contentType } = multipartBody([
      { name: 'profilePicture', data: Buffer.alloc(9.9 * 1024 * 1024, 7), filename: 'x.png', contentType: 'image/png' },
    ]);
    const res = await upload(payload, contentType);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject(tooLarge);
  });

  it('a file whose bytes past the limit arrive in a chunk of their own is still 413', async () => {
    // The old reader missed this one: the chunk busboy dropped whole never reached its loop.
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(6 * 1024 * 1024)]);
    const { payload, contentType } = multipartBody([
      { name: 'profilePicture', data: big, filename: 'big.png', contentType: 'image/png' },
    ]);
    const fileStart = payload.indexOf(IMAGES.png);
    const split = fileStart + PROFILE_PICTURE_MAX_BYTES;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/upload-profile-picture',
      payload: Readable.from([payload.subarray(0, split), payload.subarray(split)]),
      headers: { 'content-type': contentType, 'content-length': String(payload.length), cookie: me.cookie },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject(tooLarge);
    expect(storedPictures()).toEqual([]);
  });

  it('the same 6 MB PNG sent 12 times over a socket is refused 12 times', async () => {
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(6 * 1024 * 1024)]);
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { payload, contentType } = multipartBody([
        { name: 'profilePicture', data: big, filename: 'big.png', contentType: 'image/png' },
      ]);
      const res = await fetch(`${base}/api/user/upload-profile-picture`, {
        method: 'POST',
        body: payload,
        headers: { 'content-type': contentType, cookie: me.cookie, origin: base },
      });
      answers.push(res.status);
      if (res.status === 413) expect(await res.json()).toMatchObject(tooLarge);
      else await res.arrayBuffer();
    }
    expect(answers).toEqual(Array(12).fill(413));
    expect(storedPictures()).toEqual([]);
  });
});
