import type * as FileType from 'file-type';
import type SharpModule from 'sharp';
import type { Sharp } from 'sharp';
import { loadOptional } from './optional-module.js';

/**
 * The media type `bytes` hold as their content says (magic numbers, via file-type), or null when it is not
 * recognised. The file's name and the type the client declared are never consulted.
 */
export async function sniffMime(bytes: Uint8Array): Promise<string | null> {
  // Loaded with the first upload, not at start (an ES module: require() loads it on Node >= 20.19).
  const { fileTypeFromBuffer } = loadOptional('file-type') as typeof FileType;
  return ((await fileTypeFromBuffer(bytes))?.mime as string | undefined) ?? null;
}

/** Whether this server's sharp decodes HEIC (HEVC) photos: its prebuilt libheif reads only AVIF. */
export function sharpReadsHeic(): boolean {
  const sharp = loadOptional('sharp') as typeof SharpModule;
  const suffixes = (sharp.format.heif?.input as { fileSuffix?: string[] } | undefined)?.fileSuffix ?? [];
  return suffixes.includes('.heic');
}

export interface ReencodeOptions {
  /** The format sharp must find (`jpeg`, `png`, `webp`, `heif`…); anything else is refused. */
  format: string;
  encode: (image: Sharp) => Sharp;
  /** Fitted within this many pixels a side, never enlarged. */
  maxSide: number;
  /** Decoding stops above this many pixels (every frame counted): a small file cannot unpack into gigabytes. */
  maxInputPixels: number;
  /** CPU time one image may take. */
  maxSeconds: number;
  /** Keep an animation's frames (false: the first frame only). */
  animated?: boolean;
}

/**
 * The image as it is stored and served: decoded and encoded again, never the uploaded bytes. Photos carry
 * EXIF metadata (GPS coordinates among it), and a file can be an image and something else at once (a
 * polyglot); only the pixels survive a re-encode. sharp writes no EXIF, XMP, IPTC or comments unless asked,
 * and converts to sRGB. The image is turned upright from its EXIF orientation first (that tag goes with the
 * rest). sharp cannot turn several frames a quarter turn (EXIF orientations 5–8): such an animation keeps
 * only its first frame, upright. Throws when the bytes do not decode as `format` (corrupt, truncated, over
 * the pixel limit or the time limit).
 */
export async function reencodeImage(bytes: Buffer, opts: ReencodeOptions): Promise<Buffer> {
  const sharp = loadOptional('sharp') as typeof SharpModule;
  const limitInputPixels = opts.maxInputPixels;
  const { format, pages = 1, orientation = 1 } = await sharp(bytes, { limitInputPixels }).metadata();
  if (format !== opts.format) throw new Error(`decodes as ${format}, not ${opts.format}`);
  const image = sharp(bytes, {
    limitInputPixels,
    autoOrient: true,
    animated: Boolean(opts.animated) && pages > 1 && orientation < 5,
  })
    .resize(opts.maxSide, opts.maxSide, { fit: 'inside', withoutEnlargement: true })
    .timeout({ seconds: opts.maxSeconds });
  return opts.encode(image).toBuffer();
}
