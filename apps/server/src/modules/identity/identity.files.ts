import type { FastifyBaseLogger } from 'fastify';
import type { Sharp } from 'sharp';
import { IDENTITY_MESSAGES as M, type TIdentityFileKind } from '@holdfast/contracts';
import { appError } from '../../lib/errors.js';
import { reencodeImage, sniffMime } from '../../lib/images.js';

/** A document's detail (small print, a hologram) survives, within bounds. */
const MAX_SIDE = 4096;
const MAX_INPUT_PIXELS = 50_000_000;
const MAX_SECONDS = 20;

const IMAGE_CODECS: Record<string, { format: string; encode: (image: Sharp) => Sharp }> = {
  'image/jpeg': { format: 'jpeg', encode: (image) => image.jpeg({ quality: 92 }) },
  'image/png': { format: 'png', encode: (image) => image.png() },
  'image/webp': { format: 'webp', encode: (image) => image.webp({ quality: 92 }) },
};

const refused = (kind: TIdentityFileKind, message: string) =>
  appError('IDENTITY_FILE_TYPE_NOT_ALLOWED', message, { [kind]: message });

/**
 * A submitted file as it is stored, its type decided from the content (the file's name and declared type
 * are never read): photos re-encoded without metadata (a photo of an ID card carries GPS coordinates; a
 * polyglot loses its second life), PDFs as they came, and only for the document (a selfie is a photo).
 * A file whose bytes are not what it claims, or that does not decode, is refused with 415.
 */
export async function prepareIdentityFile(
  kind: TIdentityFileKind,
  bytes: Buffer,
  log?: FastifyBaseLogger,
): Promise<{ body: Buffer; contentType: string }> {
  if (bytes.length === 0) throw appError('VALIDATION', M.empty, { [kind]: M.empty });
  const typeMessage = kind === 'selfie' ? M.selfieType : M.documentType;
  const mime = await sniffMime(bytes);
  if (mime === 'application/pdf' && kind !== 'selfie') return { body: bytes, contentType: 'application/pdf' };
  const codec = mime ? IMAGE_CODECS[mime] : undefined;
  if (!codec || !mime) throw refused(kind, typeMessage);
  const body = await reencodeImage(bytes, {
    format: codec.format,
    encode: codec.encode,
    maxSide: MAX_SIDE,
    maxInputPixels: MAX_INPUT_PIXELS,
    maxSeconds: MAX_SECONDS,
  }).catch((err: unknown) => {
    log?.info({ err, kind }, 'refused an identity file that does not decode');
    return null;
  });
  if (!body) throw refused(kind, M.unreadable);
  return { body, contentType: mime };
}
