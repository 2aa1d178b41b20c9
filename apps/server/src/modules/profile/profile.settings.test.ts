import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES as M, PROFILE_PICTURE_MAX_BYTES } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';
import { IMAGES, multipartBody, uploadPicture, storedPictures as storedPicturesIn } from './profile.test-helpers.js';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'holdfast-profile-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const slug = (who: RegisteredUser | null, value: unknown) =>
  as(t.app, who)('POST', '/api/user/update-profile-slug', { slug: value });
const storedPictures = () => storedPicturesIn(dataDir);
const currentUser = async (who: RegisteredUser) => (await as(t.app, who)('GET', '/api/auth/user')).json();

describe('profile settings', () => {
  it('refuse the signed-out with 401, every call', async () => {
    expect((await as(t.app, null)('GET', '/api/user/profile-settings')).statusCode).toBe(401);
    expect((await as(t.app, null)('POST', '/api/user/toggle-public-history', { enabled: true })).statusCode).toBe(401);
    expect((await slug(null, 'nobody-here')).statusCode).toBe(401);
    const upload = await uploadPicture(t.app, null, { data: IMAGES.png, filename: 'me.png', contentType: 'image/png' });
    expect(upload.statusCode).toBe(401);
    expect(upload.json().code).toBe('UNAUTHENTICATED');
    expect(storedPictures()).toEqual([]);
  });

  it('start private with no slug; the history switch turns on and off', async () => {
    const me = await registerUser(t.app);
    const get = () => as(t.app, me)('GET', '/api/user/profile-settings');
    expect((await get()).json()).toEqual({ publicHistoryEnabled: false, publicProfileSlug: null });

    const on = await as(t.app, me)('POST', '/api/user/toggle-public-history', { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ publicHistoryEnabled: true, publicProfileSlug: null });
    expect((await get()).json().publicHistoryEnabled).toBe(true);

    const off = await as(t.app, me)('POST', '/api/user/toggle-public-history', { enabled: false });
    expect(off.json().publicHistoryEnabled).toBe(false);
    for (const enabled of ['yes', 1, null, undefined]) {
      const bad = await as(t.app, me)('POST', '/api/user/toggle-public-history', { enabled });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION');
    }
  });
});

describe('POST /api/user/update-profile-slug', () => {
  it('sets and changes the slug; claiming your own slug again is fine', async () => {
    const me = await registerUser(t.app);
    const first = await slug(me, 'brave-otter-42');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ publicHistoryEnabled: false, publicProfileSlug: 'brave-otter-42' });
    expect((await slug(me, 'brave-otter-42')).statusCode).toBe(200);
    const changed = await slug(me, 'abc');
    expect(changed.json().publicProfileSlug).toBe('abc');
    // The old slug is free again.
    expect((await slug(await registerUser(t.app), 'brave-otter-42')).statusCode).toBe(200);
  });

  it('refuses slugs that break the rule with INVALID_SLUG and the message the page shows', async () => {
    const me = await registerUser(t.app);
    const bad = [
      'ab',
      'a'.repeat(51),
      '-abc',
      'abc-',
      '-',
      'ABC',
      'Brave-Otter',
      'a_b',
      'a b',
      'a.b',
      'ünï',
      '',
      ' abc',
    ];
    for (const value of bad) {
      const res = await slug(me, value);
      expect(res.statusCode, value).toBe(400);
      expect(res.json(), value).toEqual({
        code: 'INVALID_SLUG',
        message: M.invalidSlug,
        fields: { slug: M.invalidSlug },
      });
    }
    for (const value of [42, null, undefined, 'x'.repeat(201)]) {
      const res = await slug(me, value);
      expect(res.statusCode).toBe(400);
    }
    expect((await slug(me, 'a'.repeat(50))).statusCode).toBe(200);
    expect((await slug(me, '0-0')).statusCode).toBe(200);
    expect((await as(t.app, me)('GET', '/api/user/profile-settings')).json().publicProfileSlug).toBe('0-0');
  });

  it("refuses another account's slug with 409 SLUG_TAKEN", async () => {
    const [a, b] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    expect((await slug(a, 'taken-slug')).statusCode).toBe(200);
    const res = await slug(b, 'taken-slug');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SLUG_TAKEN', message: M.slugTaken });
    expect((await as(t.app, b)('GET', '/api/user/profile-settings')).json().publicProfileSlug).toBeNull();
  });

  it('when several accounts claim one slug at once, exactly one wins and the rest get 409', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => registerUser(t.app)));
    const results = await Promise.all(people.map((p) => slug(p, 'only-one')));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('SLUG_TAKEN');
    const holders = await Promise.all(people.map((p) => as(t.app, p)('GET', '/api/user/profile-settings')));
    expect(holders.filter((h) => h.json().publicProfileSlug === 'only-one')).toHaveLength(1);
  });
});

describe('POST /api/user/upload-profile-picture', () => {
  it('stores each accepted type, serves it with its type, and replaces (deletes) the previous picture', async () => {
    const me = await registerUser(t.app);
    const before = storedPictures().length;
    const first = await uploadPicture(t.app, me, { data: IMAGES.png, filename: 'me.png', contentType: 'image/png' });
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().profileImageUrl;
    expect(firstUrl).toMatch(/^\/api\/files\/profile-pictures\/[a-f0-9]{32}\.png$/);
    expect((await currentUser(me)).profileImageUrl).toBe(firstUrl);

    // Served to anyone, with the stored type and headers that stop a browser from guessing another one.
    for (const viewer of [null, me]) {
      const served = await as(t.app, viewer)('GET', firstUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // What is served is the picture re-encoded (profile.pictures.test.ts), still a 1×1 PNG.
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    }

    let previous = firstUrl;
    for (const [kind, mime, ext] of [
      ['jpeg', 'image/jpeg', 'jpg'],
      ['gif', 'image/gif', 'gif'],
      ['webp', 'image/webp', 'webp'],
    ] as const) {
      const res = await uploadPicture(t.app, me, { data: IMAGES[kind], filename: `me.${ext}`, contentType: mime });
      expect(res.statusCode, kind).toBe(200);
      const url: string = res.json().profileImageUrl;
      expect(url.endsWith(`.${ext}`)).toBe(true);
      expect(url).not.toBe(previous);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.headers['content-type']).toBe(mime);
      expect((await sharp(served.rawPayload).metadata()).format).toBe(kind);
      // The replaced picture is gone.
      const old = await t.app.inject({ method: 'GET', url: previous });
      expect(old.statusCode).toBe(404);
      expect(old.json().code).toBe('NOT_FOUND');
      previous = url;
    }
    expect(storedPictures().length).toBe(before + 1);
  });

  it('decides the type from the content: a real PNG named .txt is a PNG; scripts and text are refused', async () => {
    const me = await registerUser(t.app);
    const disguised = await uploadPicture(t.app, me, {
      data: IMAGES.png,
      filename: 'notes.txt',
      contentType: 'text/plain',
    });
    expect(disguised.statusCode).toBe(200);
    expect(disguised.json().profileImageUrl).toMatch(/\.png$/);
    const kept = (await currentUser(me)).profileImageUrl;
    const stored = storedPictures().length;

    const refused = [
      { data: '<script>alert(1)</script>', filename: 'avatar.png', contentType: 'image/png' },
      { data: 'just some text, honestly an image', filename: 'avatar.txt', contentType: 'image/png' },
      { data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', filename: 'a.svg' },
      { data: '%PDF-1.7\n%âãÏÓ\n', filename: 'a.jpg', contentType: 'image/jpeg' },
      { data: Buffer.alloc(0), filename: 'empty.png', contentType: 'image/png' },
      { data: IMAGES.png.subarray(0, 4), filename: 'cut.png', contentType: 'image/png' },
    ];
    for (const file of refused) {
      const res = await uploadPicture(t.app, me, file);
      expect(res.statusCode, file.filename).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_FILE_TYPE',
        message: 'Invalid File Type: Please select an image file (JPG, PNG, GIF).',
      });
    }
    expect((await currentUser(me)).profileImageUrl).toBe(kept);
    expect(storedPictures().length).toBe(stored);
  });

  it('refuses a file over 5 MB with 413 FILE_TOO_LARGE and keeps the current picture; 5 MB exactly is fine', async () => {
    const me = await registerUser(t.app);
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(6 * 1024 * 1024)]);
    const stored = storedPictures().length;
    const res = await uploadPicture(t.app, me, { data: big, filename: 'big.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'File Too Large: Please select an image smaller than 5MB.',
    });
    expect((await currentUser(me)).profileImageUrl).toBeNull();
    expect(storedPictures().length).toBe(stored);

    const limit = Buffer.concat([IMAGES.png, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES - IMAGES.png.length)]);
    const ok = await uploadPicture(t.app, me, { data: limit, filename: 'limit.png', contentType: 'image/png' });
    expect(ok.statusCode).toBe(200);
  });

  it('needs the file in the field profilePicture, sent as multipart', async () => {
    const me = await registerUser(t.app);
    const wrongField = await uploadPicture(t.app, me, { name: 'avatar', data: IMAGES.png, filename: 'a.png' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ code: 'VALIDATION', message: M.noFile });

    const onlyText = multipartBody([{ name: 'note', data: 'hello' }]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/user/upload-profile-picture',
      payload: onlyText.payload,
      headers: { 'content-type': onlyText.contentType, cookie: me.cookie },
    });
    expect(noFile.statusCode).toBe(400);

    const json = await as(t.app, me)('POST', '/api/user/upload-profile-picture', { profilePicture: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(M.noFile);

    const two = multipartBody([
      { name: 'profilePicture', data: IMAGES.png, filename: 'a.png' },
      { name: 'profilePicture', data: IMAGES.gif, filename: 'b.gif' },
    ]);
    const twoFiles = await t.app.inject({
      method: 'POST',
      url: '/api/user/upload-profile-picture',
      payload: two.payload,
      headers: { 'content-type': two.contentType, cookie: me.cookie },
    });
    // The first file is the picture; a second one is never read or stored.
    expect(twoFiles.statusCode).toBe(200);
    expect(twoFiles.json().profileImageUrl).toMatch(/\.png$/);
  });

  it('multipart is accepted by this route only', async () => {
    const me = await registerUser(t.app);
    const body = multipartBody([{ name: 'slug', data: 'multi-part' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/update-profile-slug',
      payload: body.payload,
      headers: { 'content-type': body.contentType, cookie: me.cookie },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('GET /api/files/profile-pictures/:name', () => {
  it('answers 404 for unknown or malformed names, never a file outside the store', async () => {
    for (const name of [
      '0123456789abcdef0123456789abcdef.png',
      '..%2F..%2Fetc%2Fpasswd',
      '%2E%2E',
      'x.png',
      '0123456789abcdef0123456789abcdef.svg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/files/profile-pictures/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});
