import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
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
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime as string | undefined;
  return mime && (PROFILE_PICTURE_TYPES as readonly string[]).includes(mime) ? (mime as TProfilePictureType) : null;
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
