import { createHash } from 'node:crypto';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { appError, badRequest } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header on this route (DESIGN section 3, decision 004). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set when this request carries an Idempotency-Key that has no stored answer yet. */
    idempotency: IdempotentRequest | null;
  }
}

/** A keyed request that runs: where its answer is filed, and how the answer is written. */
export interface IdempotentRequest {
  userId: string;
  key: string;
  method: string;
  path: string;
  fingerprint: string;
  /** The route's own serializer for a status: the stored body is, byte for byte, the one sent. */
  serialize(status: number, body: unknown): string;
  /** The status stored inside the effect's transaction, once it was (it stands if that transaction commits). */
  storedStatus?: number;
}

/**
 * What a service calls last in the database transaction of its effect, with the result it is about
 * to return: the route's answer is stored there, so it commits with the effect or not at all.
 */
export type StoreAnswer<T> = (tx: Tx, result: T) => Promise<void>;

interface Answer {
  status: number;
  body: string;
  contentType: string | null;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The OpenAPI extension that marks an operation honouring the header. */
export const IDEMPOTENT_OPERATION = 'x-idempotent';
export const IDEMPOTENCY_MESSAGES = {
  mismatch: 'Idempotency-Key was already used with different parameters',
  inProgress: 'A request with this Idempotency-Key is already in progress',
  invalid: 'Idempotency-Key must be between 1 and 255 characters',
} as const;
/** As Stripe's: a key may be reused as a new one 24 hours after its first use. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
const JSON_TYPE = 'application/json; charset=utf-8';

/** JSON with object keys sorted, so equal bodies always fingerprint the same. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : typeof v === 'bigint'
        ? v.toString()
        : v,
  );
}

const expiredBefore = () => new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS);
const thisKey = (owned: Pick<IdempotentRequest, 'userId' | 'key'>) =>
  and(eq(idempotencyKeys.userId, owned.userId), eq(idempotencyKeys.key, owned.key));

/**
 * Files the answer under the key unless a live answer is already there (false then). An expired one is
 * replaced: the key starts over. Inside a business transaction, a duplicate whose own transaction wrote
 * the key and has not ended yet makes this wait on the unique index: a commit of it answers false, an
 * abort lets this one through. Nothing is ever written "in progress", so a request that dies before its
 * commit leaves nothing behind and its retry runs at once.
 */
async function storeAnswer(on: DbOrTx, owned: IdempotentRequest, answer: Answer): Promise<boolean> {
  const row = {
    method: owned.method,
    path: owned.path,
    fingerprint: owned.fingerprint,
    responseStatus: answer.status,
    responseBody: answer.body,
    responseContentType: answer.contentType,
    createdAt: new Date(),
  };
  const stored = await on
    .insert(idempotencyKeys)
    .values({ userId: owned.userId, key: owned.key, ...row })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: row,
      setWhere: lt(idempotencyKeys.createdAt, expiredBefore()),
    })
    .returning({ key: idempotencyKeys.key });
  return stored.length > 0;
}

/**
 * For a route handler: the StoreAnswer its service runs inside the effect's transaction, storing
 * `status` and `toBody(result)` (by default the result itself, through the route's response schema).
 * Undefined without a key, so the service needs no transaction for it. When a duplicate with the same
 * key committed first, it refuses (409), rolling this request's effect back; the duplicate's answer is
 * then sent instead (onSend).
 */
export function idempotentAnswer<T>(
  request: FastifyRequest,
  status: number,
  toBody: (result: T) => unknown = (result) => result,
): StoreAnswer<T> | undefined {
  const owned = request.idempotency;
  if (!owned) return undefined;
  return async (tx, result) => {
    const body = owned.serialize(status, toBody(result));
    const stored = await storeAnswer(tx, owned, { status, body, contentType: JSON_TYPE });
    if (!stored) throw appError('IDEMPOTENCY_KEY_IN_USE', IDEMPOTENCY_MESSAGES.inProgress);
    owned.storedStatus = status;
  };
}

/**
 * For an effect that needs no database transaction of its own (one statement, or statements that may
 * commit one by one): `work` and the answer in one transaction when there is an answer to store, else
 * `work` straight on the database (no BEGIN/COMMIT for a call without a key).
 */
export async function withStoredAnswer<T>(
  db: Db,
  answer: StoreAnswer<T> | undefined,
  work: (on: DbOrTx) => Promise<T>,
): Promise<T> {
  if (!answer) return work(db);
  return db.transaction(async (tx) => {
    const result = await work(tx);
    await answer(tx, result);
    return result;
  });
}

/**
 * Stripe-style idempotency for routes that declare `config: { idempotent: true }` (decision 004). With
 * an Idempotency-Key header the first answer (status + body) is stored per (user, key) and replayed for
 * a repeat; the same key with another method, path or body gets 422. A success is stored by the service
 * in the transaction of its effect (idempotentAnswer); an answer that changed nothing (a refusal, or a
 * success that found its work done) is stored as it is sent; a 5xx is never stored. A repeat that runs
 * while the first is under way ends with the first's answer. Without the header the request just runs.
 * Registered on the root instance so the hooks reach every route.
 */
export function registerIdempotency(app: FastifyInstance) {
  const db = app.database.db;
  app.decorateRequest('idempotency', null);

  // The OpenAPI document names the operations that honour the header.
  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent) route.schema = { ...route.schema, [IDEMPOTENT_OPERATION]: true } as FastifySchema;
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.length > 255) throw badRequest(IDEMPOTENCY_MESSAGES.invalid);
    // Keys are per user; an anonymous call runs without one (the route refuses it, or is public).
    const user = request.user;
    if (!user) return;

    const path = request.url;
    const fingerprint = createHash('sha256')
      .update(stableJson([request.method, path, request.body ?? null]))
      .digest('hex');
    const owned: IdempotentRequest = {
      userId: user.id,
      key,
      method: request.method,
      path,
      fingerprint,
      serialize: (status, body) => reply.serializeInput(body as Record<string, unknown>, String(status)) as string,
    };

    // One statement: the caller's expired keys go (storage stays bounded by a day of traffic), and this
    // key's live answer, if any, is read.
    const before = expiredBefore();
    const expired = db.$with('expired').as(
      db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, user.id), lt(idempotencyKeys.createdAt, before)))
        .returning({ key: idempotencyKeys.key }),
    );
    const [stored] = await db
      .with(expired)
      .select()
      .from(idempotencyKeys)
      .where(and(thisKey(owned), gte(idempotencyKeys.createdAt, before)));
    if (!stored) {
      request.idempotency = owned;
      return;
    }
    return replay(reply, owned, stored);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const owned = request.idempotency;
    if (!owned) return payload;
    request.idempotency = null;
    // Stored with the effect, and this is that answer.
    if (owned.storedStatus === reply.statusCode) return payload;
    try {
      // An answer that changed nothing is stored as sent (a 5xx never: the request may simply be retried).
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      if (reply.statusCode < 500 && body !== null) {
        const contentType = reply.getHeader('content-type');
        const answer = {
          status: reply.statusCode,
          body,
          contentType: typeof contentType === 'string' ? contentType : null,
        };
        if (await storeAnswer(db, owned, answer)) return payload;
      }
      // Another answer holds the key: a duplicate's that committed while this one ran (this one's effect,
      // if any, rolled back), or this request's own, committed before a later failure. That one is sent.
      const [stored] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(thisKey(owned), gte(idempotencyKeys.createdAt, expiredBefore())));
      if (stored) return replayWhileSending(reply, owned, stored);
    } catch (err) {
      // The answer itself is fine; unstored, a retry runs the request again, which changed nothing.
      request.log.error({ err }, 'could not store the idempotent answer');
    }
    return payload;
  });
}

type StoredRow = typeof idempotencyKeys.$inferSelect;

/** The stored answer, for a repeat with the same parameters (another request's parameters: 422). */
function replay(reply: FastifyReply, owned: IdempotentRequest, stored: StoredRow) {
  if (stored.fingerprint !== owned.fingerprint) throw appError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.mismatch);
  return reply
    .code(stored.responseStatus)
    .header('content-type', stored.responseContentType ?? JSON_TYPE)
    .header('idempotent-replayed', 'true')
    .send(stored.responseBody);
}

/** As replay, from onSend: the answer under way takes the stored one's status, headers and body. */
function replayWhileSending(reply: FastifyReply, owned: IdempotentRequest, stored: StoredRow): string {
  if (stored.fingerprint !== owned.fingerprint) {
    const refusal = appError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.mismatch);
    reply.code(refusal.statusCode).header('content-type', JSON_TYPE).removeHeader('content-encoding');
    return JSON.stringify({ message: refusal.message, code: refusal.code });
  }
  reply
    .code(stored.responseStatus)
    .header('content-type', stored.responseContentType ?? JSON_TYPE)
    .header('idempotent-replayed', 'true')
    // The body sent is this one, as stored: never the compressed stream of the one it replaces.
    .removeHeader('content-encoding');
  return stored.responseBody;
}
