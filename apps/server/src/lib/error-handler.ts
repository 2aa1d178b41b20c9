import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, type TErrorCode, type TErrorResponse } from '@holdfast/contracts';
import { AppError } from './errors.js';

/** PostgreSQL refused a text value (NUL byte, bad encoding): the client's input, not our failure. */
const INVALID_TEXT_CODES = new Set(['22021', '22P05']);
export const INVALID_TEXT_MESSAGE = 'The request contains characters that are not allowed';

function databaseCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The code for a framework or plugin error that carries only a 4xx status. */
const CODE_BY_STATUS: Record<number, TErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/** One error shape for every failure: { message, code, fields? }. Internals never reach the client. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: TErrorResponse) => reply.status(status).send(body);

    if (error instanceof AppError) {
      return send(error.statusCode, {
        message: error.message,
        code: error.code,
        fields: error.fields,
        ...error.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const first = error.validation[0]?.message ?? 'Invalid request';
      return send(400, { message: first, code: 'VALIDATION', fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(500, { message: MESSAGES.generic.internal, code: 'INTERNAL' });
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      // The body parser marks its own JSON errors 400; any other SyntaxError (BigInt('x'), JSON.parse
      // of stored data) is a bug of ours and must stay a logged 500, not blame the client.
      (error instanceof SyntaxError && error.statusCode === 400)
    ) {
      return send(400, { message: MESSAGES.generic.invalidJson, code: 'VALIDATION' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(413, { message: MESSAGES.generic.tooLarge, code: 'PAYLOAD_TOO_LARGE' });
    }
    const dbCode = databaseCode(error);
    if (dbCode && INVALID_TEXT_CODES.has(dbCode)) {
      // Any write it belonged to was rolled back with its database transaction.
      return send(400, { message: INVALID_TEXT_MESSAGE, code: 'VALIDATION' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'VALIDATION';
      return send(status, {
        message: status === 429 ? error.message || MESSAGES.generic.rateLimited : error.message,
        code,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { message: MESSAGES.generic.internal, code: 'INTERNAL' });
  });
}
