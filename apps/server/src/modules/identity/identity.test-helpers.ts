import type { FastifyInstance } from 'fastify';
import type { RegisteredUser } from '../../test/factories.js';
import { IMAGES, multipartBody, type FilePart } from '../../test/multipart.js';

/** What a person types on the form; override any field. */
export function identityFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    legalName: 'Thandi Nomvula Dlamini',
    dateOfBirth: '1990-04-12',
    addressLine: '12 Long Street',
    city: 'Cape Town',
    postalCode: '8001',
    country: 'ZA',
    documentType: 'national_id',
    ...overrides,
  };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** The files of a national ID submission: front (PDF scan), back and selfie (photos). */
export function identityFiles(overrides: Partial<Record<'front' | 'back' | 'selfie', Buffer | null>> = {}) {
  const files = { front: PDF, back: IMAGES.png, selfie: IMAGES.jpeg, ...overrides };
  return Object.entries(files)
    .filter(([, data]) => data !== null)
    .map(([name, data]): FilePart => ({ name, data: data!, filename: `${name}.jpg`, contentType: 'image/jpeg' }));
}

/** POST /api/verification/identity as a browser sends the form. */
export function submitIdentity(
  app: FastifyInstance,
  who: RegisteredUser | null,
  fields: Record<string, string> = identityFields(),
  files: FilePart[] = identityFiles(),
) {
  const { payload, contentType } = multipartBody([
    ...Object.entries(fields).map(([name, data]) => ({ name, data })),
    ...files,
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/verification/identity',
    payload,
    headers: { 'content-type': contentType, ...(who ? { cookie: who.cookie } : {}) },
  });
}
