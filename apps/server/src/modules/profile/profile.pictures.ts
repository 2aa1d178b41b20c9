import { randomBytes } from 'node:crypto';
import type { Sharp } from 'sharp';
import { reencodeImage, sniffMime } from '../../lib/images.js';
import { PROFILE_PICTURE_TYPES, type TProfilePictureType } from '@holdfast/contracts';

/** Where pictures are served: GET /api/files/profile-pictures/:name (users.image holds this URL). */
export const PICTURE_URL_PREFIX = '/api/files/profile-pictures/';
const STORAGE_PREFIX = 'profile-pictures/';

const EXTENSIONS: Record<TProfilePictureType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** A picture's name: 128 random bits and the extension of its sniffed type. */
export const PICTURE_NAME = /^[a-f0-9]{32}\.(jpg|png|gif|webp)$/;

/**
 * The image type of `bytes` as its content says (magic numbers, via file-type), or null when it is not
 * one we accept. The file's name and the type the client declared are never consulted.
 */
export async function sniffPictureType(bytes: Uint8Array): Promise<TProfilePictureType | null> {
  const mime = await sniffMime(bytes);
  return mime && (PROFILE_PICTURE_TYPES as readonly string[]).includes(mime) ? (mime as TProfilePictureType) : null;
}

/** A stored picture fits within this many pixels a side: avatars are shown far smaller. */
const MAX_SIDE = 512;
/** Decoding stops above this many pixels (every frame counted), so a small file cannot unpack into gigabytes. */
const MAX_INPUT_PIXELS = 40_000_000;
/** CPU time one picture may take (a long animation is the slow case). */
const MAX_SECONDS = 10;

const CODECS: Record<TProfilePictureType, { format: string; encode: (image: Sharp) => Sharp }> = {
  'image/jpeg': { format: 'jpeg', encode: (image) => image.jpeg({ quality: 85 }) },
  'image/png': { format: 'png', encode: (image) => image.png() },
  'image/gif': { format: 'gif', encode: (image) => image.gif() },
  'image/webp': { format: 'webp', encode: (image) => image.webp() },
};

/**
 * The picture as it is stored and served (lib/images.ts reencodeImage: upright, without metadata, only the
 * pixels), fitted within 512×512 without enlarging, in the format it came in, so `type` still names the
 * bytes. Animated GIF and WebP stay animated. Throws when the bytes do not decode as `type`.
 */
export function reencodePicture(bytes: Buffer, type: TProfilePictureType): Promise<Buffer> {
  const codec = CODECS[type];
  return reencodeImage(bytes, {
    format: codec.format,
    encode: codec.encode,
    maxSide: MAX_SIDE,
    maxInputPixels: MAX_INPUT_PIXELS,
    maxSeconds: MAX_SECONDS,
    animated: true,
  });
}

/** A new random name, so every upload has its own URL and can be cached forever. */
export function newPictureName(type: TProfilePictureType): string {
  return `${randomBytes(16).toString('hex')}.${EXTENSIONS[type]}`;
}

export const pictureStorageKey = (name: string) => `${STORAGE_PREFIX}${name}`;
export const pictureUrl = (name: string) => `${PICTURE_URL_PREFIX}${name}`;

/** The picture name inside a stored profileImageUrl, when it is one of ours (else null: nothing to delete). */
export function pictureNameOfUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(PICTURE_URL_PREFIX)) return null;
  const name = url.slice(PICTURE_URL_PREFIX.length);
  return PICTURE_NAME.test(name) ? name : null;
}
