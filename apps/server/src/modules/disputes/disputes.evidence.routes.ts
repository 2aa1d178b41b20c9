import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  EVIDENCE_CAPTION_FIELD,
  EVIDENCE_FILE_FIELD,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_MESSAGES as M,
  ZCreateDisputeStatementRequest,
  ZDisputeEvidence,
  ZDisputeEvidenceParams,
  ZDisputeParams,
  ZDisputeStatement,
  ZErrorResponse,
} from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';
import { appError, badRequest } from '../../lib/errors.js';
import { idempotentAnswer } from '../../lib/idempotency.js';
import { readUploadForm } from '../../lib/multipart-upload.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { contentDisposition } from './disputes.evidence.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

/** The upload's multipart form as the API document shows it (never validated: the route streams the file). */
const ZEvidenceForm = z
  .object({
    [EVIDENCE_FILE_FIELD]: z
      .string()
      .meta({ format: 'binary', description: 'The file: a JPEG, PNG, WebP or HEIC photo, or a PDF; at most 10 MB' }),
    [EVIDENCE_CAPTION_FIELD]: z.string().max(300).optional().meta({ description: 'What the file shows' }),
  })
  .optional();

/** Served files are never cached anywhere: each answer is checked against the caller's session. */
const PRIVATE = 'private, no-store';
/** A file opened on its own runs nothing and loads nothing (an image or PDF that is also HTML stays inert). */
const SANDBOX = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/** A dispute's statements and evidence (issue "Disputes that end": evidence). */
export async function disputeEvidenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.disputeEvidence;
  const tags = ['disputes'];

  // Multipart is parsed for this route only, with its own 10 MB limit: every other route keeps its own.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: 4, fieldSize: 2048, parts: 5 },
    });
    // Not idempotent: a repeat adds a second copy (each counts toward the limit); rate-limited instead.
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/disputes/:id/evidence',
      {
        config: { rateLimit: RATE_LIMITS.disputeEvidence },
        // The body schema documents the form; the file itself is read from the stream.
        // (A malformed id finds no dispute: 404.)
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags,
          summary: `Adds a file to the case (multipart: \`${EVIDENCE_FILE_FIELD}\` and \`${EVIDENCE_CAPTION_FIELD}\`)`,
          description:
            'For the parties, the assigned moderator (any moderator while the case is open and unassigned) and ' +
            'admins. The type is decided from the content: JPEG, PNG, WebP (and HEIC where the server reads it) ' +
            'are re-encoded without metadata; PDFs are stored as they came. The SHA-256 of the stored bytes is ' +
            'recorded. At most 10 MB (413 EVIDENCE_TOO_LARGE) and 20 files per side (409 EVIDENCE_LIMIT_REACHED).',
          consumes: ['multipart/form-data'],
          params: ZDisputeParams,
          body: ZEvidenceForm,
          response: { 201: ZDisputeEvidence, ...errors, 413: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { id } = request.params as z.infer<typeof ZDisputeParams>;
        const form = await readUploadForm(request, upload.multipartErrors, {
          fileField: EVIDENCE_FILE_FIELD,
          noFile: () => badRequest(M.noFile, { [EVIDENCE_FILE_FIELD]: M.noFile }),
          tooLarge: () => appError('EVIDENCE_TOO_LARGE', M.tooLarge),
          unreadable: () => appError('INVALID_UPLOAD', M.unreadableUpload),
        });
        const evidence = await service.addEvidence(user, id, {
          bytes: form.bytes,
          fileName: form.fileName,
          caption: form.fields[EVIDENCE_CAPTION_FIELD],
          captionCut: form.truncatedFields.includes(EVIDENCE_CAPTION_FIELD),
        });
        return reply.status(201).send(evidence);
      },
    );
  });

  r.get(
    '/disputes/:id/evidence',
    {
      schema: {
        tags,
        summary: "The case's files, oldest first (parties and staff of the case)",
        params: ZDisputeParams,
        response: { 200: z.array(ZDisputeEvidence), 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => service.listEvidence(requireUser(request), request.params.id),
  );

  // Untyped reply: the answer is the file's bytes.
  app.get<{ Params: z.infer<typeof ZDisputeEvidenceParams> }>(
    '/disputes/:id/evidence/:evidenceId',
    {
      schema: {
        tags,
        summary: 'One file of the case, as stored (parties and staff of the case; never cached, never public)',
        params: ZDisputeEvidenceParams,
        response: { 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse },
      },
      // After the app-wide hook that marks signed-in answers no-store: private too, for every cache.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) reply.header('cache-control', PRIVATE);
        return payload;
      },
    },
    async (request, reply) => {
      const file = await service.readEvidence(requireUser(request), request.params.id, request.params.evidenceId);
      const kind = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(kind, file.fileName, file.contentType))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SANDBOX)
        .send(file.stored.body);
    },
  );

  r.post(
    '/disputes/:id/statements',
    {
      config: { idempotent: true, rateLimit: RATE_LIMITS.disputeStatements },
      schema: {
        tags,
        summary: "A party adds a statement to the case (their side, or a reply) while it isn't resolved",
        params: ZDisputeParams,
        body: ZCreateDisputeStatementRequest,
        response: { 201: ZDisputeStatement, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.addStatement(
            requireUser(request),
            request.params.id,
            request.body.text,
            idempotentAnswer(request, 201),
          ),
        ),
  );

  r.get(
    '/disputes/:id/statements',
    {
      schema: {
        tags,
        summary: "The parties' statements, oldest first (parties and staff of the case)",
        params: ZDisputeParams,
        response: {
          200: z.array(ZDisputeStatement),
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) => service.listStatements(requireUser(request), request.params.id),
  );
}
