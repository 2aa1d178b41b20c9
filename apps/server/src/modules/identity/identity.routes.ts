import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  IDENTITY_FILE_KINDS,
  IDENTITY_FILE_MAX_BYTES,
  IDENTITY_MESSAGES as M,
  ZErrorResponse,
  ZIdentityDocumentParams,
  ZIdentityReview,
  ZIdentityReviewAccess,
  ZIdentityReviewList,
  ZIdentityReviewParams,
  ZIdentityReviewerList,
  ZIdentityReviewerParams,
  ZIdentitySubmissionFields,
  ZIdentitySubmitResponse,
  ZIdentityVerificationState,
  ZRejectIdentityRequest,
  ZSetIdentityReviewerRequest,
  type TIdentityFileKind,
} from '@holdfast/contracts';
import { requireRole, requireUser } from '../../lib/auth-context.js';
import { appError, badRequest } from '../../lib/errors.js';
import { readUploadFiles } from '../../lib/multipart-upload.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';

const tags = ['identity'];
const denied = { 401: ZErrorResponse, 403: ZErrorResponse };
const decisionErrors = { 400: ZErrorResponse, ...denied, 404: ZErrorResponse, 409: ZErrorResponse };

/** The submission's multipart form as the API document shows it (the route streams the files). */
const ZSubmissionForm = ZIdentitySubmissionFields.extend(
  Object.fromEntries(
    IDENTITY_FILE_KINDS.map((kind) => [
      kind,
      z
        .string()
        .optional()
        .meta({
          format: 'binary',
          description:
            kind === 'selfie'
              ? 'A photo of your face (JPEG, PNG or WebP), at most 10 MB'
              : `The document's ${kind} (JPEG, PNG, WebP or PDF), at most 10 MB${kind === 'back' ? '; not for a passport' : ''}`,
        }),
    ]),
  ),
).optional();

/** Served files are never cached anywhere, and run nothing when opened on their own. */
const PRIVATE = 'private, no-store';
const SANDBOX = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/** Identity verification (issue 30): the person's submission and documents, and the staff review queue. */
export async function identityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = () => app.services.identity;
  const origin = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });

  r.get(
    '/verification/identity',
    {
      schema: {
        tags,
        summary: 'The caller’s identity verification: status, provider, expected review time and latest submission',
        response: { 200: ZIdentityVerificationState, 401: ZErrorResponse },
      },
    },
    async (request) => service().state(requireUser(request)),
  );

  // Multipart for this route only: three files of at most 10 MB each, and the typed fields.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: IDENTITY_FILE_MAX_BYTES, files: 3, fields: 12, fieldSize: 1024, parts: 15 },
    });
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/verification/identity',
      {
        config: { rateLimit: RATE_LIMITS.identitySubmissions },
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags,
          summary: 'Submits identity documents (multipart: the fields, `front`, `back` unless a passport, `selfie`)',
          description:
            'Moves kycStatus to `pending`. Refused while a submission is pending (409 IDENTITY_PENDING) or once ' +
            'verified. Each file’s type is decided from its bytes: documents JPEG, PNG, WebP or PDF, the selfie a ' +
            'photo; images are re-encoded without metadata. A file that is not what it must be answers 415 ' +
            'IDENTITY_FILE_TYPE_NOT_ALLOWED; over 10 MB 413 IDENTITY_FILE_TOO_LARGE. With the hosted provider no ' +
            'files are sent: the answer’s `redirectUrl` is where the person goes next.',
          consumes: ['multipart/form-data'],
          body: ZSubmissionForm,
          response: {
            201: ZIdentitySubmitResponse,
            400: ZErrorResponse,
            401: ZErrorResponse,
            409: ZErrorResponse,
            413: ZErrorResponse,
            415: ZErrorResponse,
            502: ZErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const form = await readUploadFiles(request, upload.multipartErrors, {
          fileFields: IDENTITY_FILE_KINDS,
          tooLarge: (field) => appError('IDENTITY_FILE_TOO_LARGE', M.tooLarge, field ? { [field]: M.tooLarge } : {}),
          unreadable: () => appError('INVALID_UPLOAD', M.unreadableUpload),
          notMultipart: () => badRequest(M.unreadableUpload),
        });
        if (form.truncatedFields.length) {
          const field = form.truncatedFields[0]!;
          throw badRequest('This field is too long', { [field]: 'This field is too long' });
        }
        const result = await service().submit(user, {
          fields: form.fields,
          files: form.files as Partial<Record<TIdentityFileKind, Buffer>>,
        });
        return reply.status(201).send(result);
      },
    );
  });

  // Untyped reply: the answer is the document's bytes.
  app.get<{ Params: z.infer<typeof ZIdentityDocumentParams> }>(
    '/identity-documents/:id',
    {
      schema: {
        tags,
        summary: 'One identity document, decrypted (its owner and identity reviewers only; never cached)',
        params: ZIdentityDocumentParams,
        response: { 401: ZErrorResponse, 404: ZErrorResponse },
      },
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) reply.header('cache-control', PRIVATE);
        return payload;
      },
    },
    async (request, reply) => {
      const file = await service().readDocument(requireUser(request), request.params.id);
      const ext = file.contentType === 'application/pdf' ? 'pdf' : file.contentType.split('/')[1];
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          `${file.contentType === 'application/pdf' ? 'attachment' : 'inline'}; filename="${file.kind}.${ext}"`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SANDBOX)
        .send(file.body);
    },
  );

  r.get(
    '/identity-reviews/access',
    {
      schema: {
        tags,
        summary: 'Whether the caller may review identity verifications (admins; moderators an admin allowed)',
        response: { 200: ZIdentityReviewAccess, 401: ZErrorResponse },
      },
    },
    async (request) => ({ mayReview: await service().mayReview(requireUser(request)) }),
  );

  r.get(
    '/identity-reviews',
    {
      schema: {
        tags,
        summary: 'Pending identity verifications, oldest first (reviewers only)',
        response: { 200: ZIdentityReviewList, ...denied },
      },
    },
    async (request) => service().queue(requireUser(request)),
  );

  r.get(
    '/identity-reviews/:id',
    {
      schema: {
        tags,
        summary: 'One submission for review: what the person typed, their account and the documents (reviewers only)',
        params: ZIdentityReviewParams,
        response: { 200: ZIdentityReview, ...denied, 404: ZErrorResponse },
      },
    },
    async (request) => service().review(requireUser(request), request.params.id),
  );

  // No Idempotency-Key: a decision checks the submission is pending under its row lock; a repeat is a 409.
  r.post(
    '/identity-reviews/:id/approve',
    {
      config: { rateLimit: RATE_LIMITS.identityDecisions },
      schema: {
        tags,
        summary: 'Verifies the identity (reviewers only; never one’s own submission: 403 CANNOT_REVIEW_OWN)',
        params: ZIdentityReviewParams,
        response: { 200: ZIdentityReview, ...decisionErrors },
      },
    },
    async (request) => service().approve(requireUser(request), request.params.id, origin(request)),
  );

  r.post(
    '/identity-reviews/:id/reject',
    {
      config: { rateLimit: RATE_LIMITS.identityDecisions },
      schema: {
        tags,
        summary: 'Rejects the submission with a reason the person reads and can act on (reviewers only)',
        params: ZIdentityReviewParams,
        body: ZRejectIdentityRequest,
        response: { 200: ZIdentityReview, ...decisionErrors },
      },
    },
    async (request) => service().reject(requireUser(request), request.params.id, request.body.reason, origin(request)),
  );

  r.get(
    '/admin/identity-reviewers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Moderators and whether each may review identity verifications (admins only)',
        response: { 200: ZIdentityReviewerList, ...denied },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return app.services.identityReviewers.list();
    },
  );

  r.put(
    '/admin/identity-reviewers/:userId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Allows a moderator to review identity verifications, or withdraws it (admins only; audited)',
        params: ZIdentityReviewerParams,
        body: ZSetIdentityReviewerRequest,
        response: {
          200: ZIdentityReviewerList,
          400: ZErrorResponse,
          ...denied,
          404: ZErrorResponse,
          409: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      return app.services.identityReviewers.set(admin, request.params.userId, request.body.allowed, origin(request));
    },
  );
}

/**
 * The hosted provider's webhook. Its own plugin so the raw-body parser applies to this route only (the
 * signature covers the exact bytes). Answers 404 unless VERIFICATION_PROVIDER=hosted.
 */
export async function identityWebhookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  r.post(
    '/verification/webhooks/hosted',
    {
      schema: {
        tags,
        summary: 'Hosted identity provider webhook (HMAC-SHA256 `verification-signature: t=…,v1=…`, 5-minute window)',
        headers: z.object({ 'verification-signature': z.string().optional() }),
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }),
          400: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(String(request.body ?? ''));
      return app.services.identity.handleWebhook(raw, request.headers);
    },
  );
}
