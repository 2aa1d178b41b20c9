import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RegisteredUser } from '../../test/factories.js';
import { multipartBody, type FilePart } from '../../test/multipart.js';

export { IMAGES, multipartBody, type FilePart } from '../../test/multipart.js';

/** POST /api/user/upload-profile-picture with one file in the field `profilePicture` (or another). */
export function uploadPicture(
  app: FastifyInstance,
  who: RegisteredUser | null,
  file: Omit<FilePart, 'name'> & { name?: string },
) {
  const { payload, contentType } = multipartBody([{ name: 'profilePicture', ...file }]);
  return app.inject({
    method: 'POST',
    url: '/api/user/upload-profile-picture',
    payload,
    headers: { 'content-type': contentType, ...(who ? { cookie: who.cookie } : {}) },
  });
}

/** The picture files stored under a test app's DATA_DIR (none before the first upload). */
export function storedPictures(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, 'uploads', 'profile-pictures'));
  } catch {
    return [];
  }
}
