import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { AppError } from './errors.js';

/** One uploaded file and the form's text fields, read from a multipart body. */
export interface UploadForm {
  bytes: Buffer;
  /** The name the client gave the file (untrusted: display only). */
  fileName: string;
  fields: Record<string, string>;
  /** Text fields cut at the route's `fieldSize` (their value in `fields` is only the start). */
  truncatedFields: string[];
}

export interface UploadFormOptions {
  /** The form field that carries the file; other files are drained and ignored. */
  fileField: string;
  /** No multipart body, or no file in `fileField`. */
  noFile: () => AppError;
  /** The file passed the route's `fileSize` limit. */
  tooLarge: () => AppError;
  /** A body the parser cannot read (no or another boundary, cut off, over the parts limits). */
  unreadable: () => AppError;
}

/**
 * The file's bytes and the text fields from a multipart body (routes that register @fastify/multipart with
 * their own limits). Over the size limit is `tooLarge` before anything looks at the content (busboy stops at
 * the limit and marks the file truncated; the mark is read after the last chunk, which toBuffer() missed when
 * the limit fell on the last chunk it read). A body busboy cannot parse is `unreadable`, never a 500.
 */
export async function readUploadForm(
  request: FastifyRequest,
  multipartErrors: FastifyInstance['multipartErrors'],
  opts: UploadFormOptions,
): Promise<UploadForm> {
  if (!request.isMultipart()) throw opts.noFile();
  const parserError = (err: unknown) =>
    err instanceof multipartErrors.RequestFileTooLargeError
      ? opts.tooLarge()
      : err instanceof AppError
        ? err
        : opts.unreadable();
  const fields: Record<string, string> = {};
  const truncatedFields: string[] = [];
  let file: { bytes: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        if (part.valueTruncated) truncatedFields.push(part.fieldname);
        continue;
      }
      if (file || part.fieldname !== opts.fileField) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      // Read to the part's end even past the limit (busboy drops what follows it), so the request is
      // drained and the client gets its answer instead of a stalled upload.
      for await (const chunk of part.file as AsyncIterable<Buffer>) if (!part.file.truncated) chunks.push(chunk);
      if (part.file.truncated) throw opts.tooLarge();
      file = { bytes: Buffer.concat(chunks), fileName: part.filename ?? '' };
    }
  } catch (err) {
    // A file past the route's `files` limit is never read: the first one is the upload.
    if (!(file && err instanceof multipartErrors.FilesLimitError)) throw parserError(err);
  }
  if (!file) throw opts.noFile();
  return { ...file, fields, truncatedFields };
}

export interface MultiFileFormOptions {
  /** The form fields that carry files; a field not named here is drained and ignored, as is a second file in one. */
  fileFields: readonly string[];
  /** A file passed the route's `fileSize` limit (named by its field). */
  tooLarge: (field: string) => AppError;
  /** A body the parser cannot read. */
  unreadable: () => AppError;
  /** Not a multipart body at all. */
  notMultipart: () => AppError;
}

/**
 * Several files (each in its own field) and the text fields of one multipart body, e.g. an identity
 * document's front, back and a selfie. The same care as readUploadForm: over the size limit is `tooLarge`
 * before any content is looked at, and an unparseable body is `unreadable`, never a 500.
 */
export async function readUploadFiles(
  request: FastifyRequest,
  multipartErrors: FastifyInstance['multipartErrors'],
  opts: MultiFileFormOptions,
): Promise<{ files: Record<string, Buffer>; fields: Record<string, string>; truncatedFields: string[] }> {
  if (!request.isMultipart()) throw opts.notMultipart();
  const files: Record<string, Buffer> = {};
  const fields: Record<string, string> = {};
  const truncatedFields: string[] = [];
  try {
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        if (part.valueTruncated) truncatedFields.push(part.fieldname);
        continue;
      }
      if (!opts.fileFields.includes(part.fieldname) || files[part.fieldname]) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) if (!part.file.truncated) chunks.push(chunk);
      if (part.file.truncated) throw opts.tooLarge(part.fieldname);
      files[part.fieldname] = Buffer.concat(chunks);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof multipartErrors.RequestFileTooLargeError) throw opts.tooLarge('');
    throw opts.unreadable();
  }
  return { files, fields, truncatedFields };
}
