import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  PROFILE_MESSAGES as M,
  PROFILE_PICTURE_FIELD,
  PROFILE_PICTURE_MAX_BYTES,
  ZErrorResponse,
  ZProfileSettings,
  ZProfileSlugParams,
  ZPublicProfile,
  ZPublicTransactionList,
  ZTogglePublicHistoryRequest,
  ZUpdateProfileSlugRequest,
  ZUploadProfilePictureResponse,
  messageLine,
} from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { appError, badRequest, notFound } from '../../lib/errors.js';
import { readUploadForm } from '../../lib/multipart-upload.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse };

const unreadable = () => appError('INVALID_UPLOAD', M.unreadableUpload);
const tooLarge = () => appError('FILE_TOO_LARGE', messageLine(M.fileTooLarge));

/** The upload's multipart form as the API document shows it (never validated: the route streams the file). */
const ZUploadProfilePictureForm = z
  .object({
    [PROFILE_PICTURE_FIELD]: z
      .string()
      .meta({ format: 'binary', description: 'The image file (JPG, PNG, GIF or WebP)' }),
  })
  .optional();

/** A picture's URL changes with its content (a new random name per upload): cache it for a year. */
const FOREVER = 'public, max-age=31536000, immutable';
/** The same for a response that also carries a cookie: browsers only, never a shared cache. */
const FOREVER_PRIVATE = 'private, max-age=31536000, immutable';

/** Profile settings, profile pictures and public profiles (spec section 7). */
export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.profile;
  const tags = ['profile'];

  r.get(
    '/user/profile-settings',
    {
      schema: {
        tags,
        summary: "The caller's public profile settings",
        response: { 200: ZProfileSettings, 401: ZErrorResponse },
      },
    },
    async (request) => service.settings(requireUser(request)),
  );

  r.post(
    '/user/toggle-public-history',
    {
      schema: {
        tags,
        summary: "Shows or hides the caller's transaction history on their public profile",
        body: ZTogglePublicHistoryRequest,
        response: { 200: ZProfileSettings, ...errors },
      },
    },
    async (request) => service.setPublicHistory(requireUser(request), request.body.enabled),
  );

  r.post(
    '/user/update-profile-slug',
    {
      schema: {
        tags,
        summary: "Sets the caller's public profile URL (/profile/{slug}); each slug belongs to one account",
        body: ZUpdateProfileSlugRequest,
        response: { 200: ZProfileSettings, ...errors, 409: ZErrorResponse },
      },
    },
    async (request) => service.setSlug(requireUser(request), request.body.slug),
  );

  // Multipart is parsed for this one route only: every other route keeps refusing multipart bodies.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
    });
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/user/upload-profile-picture',
      {
        config: { rateLimit: RATE_LIMITS.profilePictures },
        // The body schema documents the form; the file itself is read from the stream by request.file().
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags,
          summary:
            'Uploads a new profile picture (multipart field `profilePicture`: JPG, PNG, GIF or WebP, at most 5 MB)',
          description:
            'The image type is decided from the file content, never from its name or declared type. The previous ' +
            "picture is deleted; the answer is the URL the new one is served at (also the user's profileImageUrl).",
          consumes: ['multipart/form-data'],
          body: ZUploadProfilePictureForm,
          response: { 200: ZUploadProfilePictureResponse, ...errors, 413: ZErrorResponse },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { bytes } = await readUploadForm(request, upload.multipartErrors, {
          fileField: PROFILE_PICTURE_FIELD,
          noFile: () => badRequest(M.noFile, { [PROFILE_PICTURE_FIELD]: M.noFile }),
          tooLarge,
          unreadable,
        });
        return service.uploadPicture(user, bytes);
      },
    );
  });

  // Untyped reply: the answer is the picture's bytes, not a JSON schema.
  app.get<{ Params: { name: string } }>(
    '/files/profile-pictures/:name',
    {
      schema: {
        tags,
        summary: 'A profile picture, with the type it was stored with (public, cached for a year)',
        params: z.object({ name: z.string().max(100) }),
        response: { 404: ZErrorResponse },
      },
      // After the app-wide hook that marks signed-in answers no-store: a picture is public, not the viewer's.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200)
          reply.header('cache-control', reply.hasHeader('set-cookie') ? FOREVER_PRIVATE : FOREVER);
        return payload;
      },
    },
    async (request, reply) => {
      const stored = await service.picture(request.params.name);
      if (!stored) throw notFound(M.pictureNotFound);
      return reply
        .header('content-type', stored.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(stored.body);
    },
  );

  r.get(
    '/public/profile/:slug',
    {
      config: { rateLimit: RATE_LIMITS.publicProfiles },
      schema: {
        tags,
        summary: 'Public: a profile by its slug (name, picture, verification, statistics, reviews); never an email',
        params: ZProfileSlugParams,
        response: { 200: ZPublicProfile, 404: ZErrorResponse },
      },
    },
    async (request) => service.publicProfile(request.params.slug),
  );

  r.get(
    '/public/profile/:slug/transactions',
    {
      config: { rateLimit: RATE_LIMITS.publicProfiles },
      schema: {
        tags,
        summary: "Public: the profile's newest transactions when its owner made them public, else an empty list",
        params: ZProfileSlugParams,
        response: { 200: ZPublicTransactionList, 404: ZErrorResponse },
      },
    },
    async (request) => service.publicTransactions(request.params.slug),
  );
}
