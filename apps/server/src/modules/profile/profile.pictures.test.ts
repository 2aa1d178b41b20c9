import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';
import { uploadPicture, storedPictures as storedPicturesIn } from './profile.test-helpers.js';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'holdfast-pictures-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const storedPictures = () => storedPicturesIn(dataDir);

/** Uploads `data` as `me`, expects it accepted, and answers the bytes the public is then served. */
async function uploadAndServe(me: RegisteredUser, data: Buffer, type: string) {
  const res = await uploadPicture(t.app, me, { data, filename: 'photo', contentType: type });
  expect(res.statusCode).toBe(200);
  const served = await t.app.inject({ method: 'GET', url: res.json().profileImageUrl });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe(type);
  return served.rawPayload;
}

/** Expects `data` refused as not an image, with nothing stored and the current picture kept. */
async function expectRefused(data: Buffer) {
  const me = await registerUser(t.app);
  const stored = storedPictures().length;
  const res = await uploadPicture(t.app, me, { data, filename: 'photo', contentType: 'image/jpeg' });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    code: 'INVALID_FILE_TYPE',
    message: 'Invalid File Type: Please select an image file (JPG, PNG, GIF).',
  });
  expect((await as(t.app, me)('GET', '/api/auth/user')).json().profileImageUrl).toBeNull();
  expect(storedPictures().length).toBe(stored);
}

/** A width×height image, its left half red and its right half blue. */
const halves = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([
    {
      input: { create: { width: width / 2, height, channels: 3, background: '#ff0000' } },
      left: 0,
      top: 0,
    },
  ]);

/** The colour at (x, y) as 'red', 'blue' or another word, whatever JPEG did to the exact values. */
async function colourAt(bytes: Buffer, x: number, y: number) {
  const { data } = await sharp(bytes)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (data[0] > 200 && data[2] < 60) return 'red';
  if (data[2] > 200 && data[0] < 60) return 'blue';
  return `rgb(${data[0]}, ${data[1]}, ${data[2]})`;
}

/** Three frames (red, green, blue) of width×height, to join into one animation. */
const threeFrames = (width: number, height: number) =>
  Promise.all(
    ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
      sharp({ create: { width, height, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
const animated = { join: { animated: true } } as const;

/** The EXIF pointer to GPS data (tag 0x8825, little-endian as sharp writes it). */
const GPS_POINTER = Buffer.from([0x25, 0x88]);

describe('uploaded pictures are re-encoded', () => {
  it('a phone photo loses its EXIF (GPS included) and is stored upright', async () => {
    // Stored landscape (left red, right blue) with "rotate 90° clockwise to view" and where it was taken.
    const photo = await halves(400, 200)
      .jpeg()
      .withExif({
        IFD0: { Make: 'Phone', Model: 'Camera' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '33/1 55/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '18/1 25/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const uploaded = await sharp(photo).metadata();
    expect(uploaded).toMatchObject({ width: 400, height: 200, orientation: 6 });
    expect(uploaded.exif?.includes(GPS_POINTER)).toBe(true);

    const served = await uploadAndServe(await registerUser(t.app), photo, 'image/jpeg');
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
    for (const key of ['exif', 'xmp', 'iptc', 'orientation', 'comments'] as const)
      expect(meta[key], key).toBeUndefined();
    expect(served.includes(Buffer.from('Phone'))).toBe(false);
    // Turned a quarter clockwise: the left half is now on top.
    expect(await colourAt(served, 100, 50)).toBe('red');
    expect(await colourAt(served, 100, 350)).toBe('blue');
  });

  it('a PNG loses its EXIF and XMP, and whatever follows the image (a polyglot) is not stored', async () => {
    const png = await halves(64, 64)
      .png()
      .withExif({ IFD0: { Make: 'Phone' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
      .toBuffer();
    const payload = Buffer.from('<script>alert(document.cookie)</script>');
    const served = await uploadAndServe(await registerUser(t.app), Buffer.concat([png, payload]), 'image/png');
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 64 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.includes(payload)).toBe(false);
  });

  it('a large picture is fitted within 512×512, keeping its aspect ratio', async () => {
    const me = await registerUser(t.app);
    const wide = await halves(2000, 1000).png().toBuffer();
    expect(await sharp(await uploadAndServe(me, wide, 'image/png')).metadata()).toMatchObject({
      format: 'png',
      width: 512,
      height: 256,
    });
    const tall = await halves(900, 1200).webp().toBuffer();
    expect(await sharp(await uploadAndServe(me, tall, 'image/webp')).metadata()).toMatchObject({
      format: 'webp',
      width: 384,
      height: 512,
    });
  });

  it('a small picture is not enlarged', async () => {
    const me = await registerUser(t.app);
    for (const [data, type, format, width, height] of [
      [await halves(100, 60).png().toBuffer(), 'image/png', 'png', 100, 60],
      [await halves(120, 80).jpeg().toBuffer(), 'image/jpeg', 'jpeg', 120, 80],
      [await halves(300, 500).gif().toBuffer(), 'image/gif', 'gif', 300, 500],
    ] as const) {
      expect(await sharp(await uploadAndServe(me, data, type)).metadata()).toMatchObject({ format, width, height });
    }
  });

  it('animated GIF and WebP stay animated, each frame fitted', async () => {
    const me = await registerUser(t.app);
    const frames = await threeFrames(600, 300);
    const gif = await sharp(frames, animated)
      .gif({ delay: [100, 100, 100], loop: 0 })
      .toBuffer();
    const webp = await sharp(frames, animated)
      .webp({ delay: [100, 100, 100] })
      .toBuffer();
    for (const [data, type, format] of [
      [gif, 'image/gif', 'gif'],
      [webp, 'image/webp', 'webp'],
    ] as const) {
      const meta = await sharp(await uploadAndServe(me, data, type)).metadata();
      // Without `animated`, metadata's height is one frame's.
      expect(meta).toMatchObject({ format, pages: 3, width: 512, height: 256, delay: [100, 100, 100] });
    }
  });

  it('an animation that must turn a quarter keeps its first frame, upright', async () => {
    // sharp cannot rotate several frames by 90°; refusing a valid picture would be worse than a still one.
    const webp = await sharp(await threeFrames(600, 300), animated)
      .webp({ delay: [100, 100, 100] })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(webp).metadata()).toMatchObject({ pages: 3, orientation: 6 });
    const meta = await sharp(await uploadAndServe(await registerUser(t.app), webp, 'image/webp')).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 512 });
    expect(meta.pages ?? 1).toBe(1);
    expect(meta.orientation).toBeUndefined();
  });

  it('a truncated JPEG (a valid header, cut in half) is refused as not an image; nothing is stored', async () => {
    const noise = { type: 'gaussian', mean: 128, sigma: 30 } as const;
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000', noise } })
      .jpeg()
      .toBuffer();
    const cut = whole.subarray(0, whole.length >> 1);
    expect((await fileTypeFromBuffer(cut))?.mime).toBe('image/jpeg');
    await expectRefused(cut);
  });

  it('a small file that decodes to more than 40 megapixels is refused before it is decoded', async () => {
    // 8000×6000 of one colour: about 150 KB on the wire, 144 MB once decoded.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#336699' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(512 * 1024);
    await expectRefused(bomb);
  });
});
