import { createHash } from 'node:crypto';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { appError, badRequest } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header on this route (DESIGN section 3). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set while this request owns an Idempotency-Key; its response is stored on send. */
    idempotency: IdempotencyClaim | null;
  }
}

/**
 * The key a request owns. `claimedAt` is the claim's token: a key abandoned and reclaimed by a retry
 * gets a new one, so the first request can no longer complete or release it.
 */
export interface IdempotencyClaim {
  userId: string;
  key: string;
  claimedAt: Date;
  /** The status completeIdempotentRequest stored inside the business transaction, if it did. */
  storedStatus?: number;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_MESSAGES = {
  mismatch: 'Idempotency-Key was already used with different parameters',
  inProgress: 'A request with this Idempotency-Key is already in progress',
  invalid: 'Idempotency-Key must be between 1 and 255 characters',
} as const;
/** A key still "in progress" after this long belongs to a request that died (crash, lost connection). */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;
/** As Stripe's: a key may be reused as a new one 24 hours after its first use. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

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

/**
 * Stripe-style idempotency for routes that declare `config: { idempotent: true }`: with an
 * Idempotency-Key header the first response (status + body) is stored per (user, key) and replayed for
 * a repeat; the same key with another method, path or body gets 422; a repeat while the first is still
 * running gets 409; a 5xx releases the key so the request can be retried. Without the header the request
 * just runs. Registered on the root instance so the hooks reach every route.
 */
export function registerIdempotency(app: FastifyInstance) {
  const db = app.database.db;
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.length > 255) throw badRequest(IDEMPOTENCY_MESSAGES.invalid);
    // Keys are per user; an anonymous call is refused by the route itself.
    const user = request.user;
    if (!user) return;

    const path = request.url;
    const fingerprint = createHash('sha256')
      .update(stableJson([request.method, path, request.body ?? null]))
      .digest('hex');

    // One statement: the caller's other expired keys go (storage stays bounded), and the key is claimed;
    // this key, when older than a day, starts over in place (as Stripe's do).
    const expiredBefore = new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS);
    const expired = db
      .$with('expired')
      .as(
        db
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.userId, user.id),
              lt(idempotencyKeys.createdAt, expiredBefore),
              ne(idempotencyKeys.key, key),
            ),
          ),
      );
    // Millisecond precision on purpose: the value read back is compared exactly (the claim token).
    const claimedAt = new Date();
    const claim = {
      method: request.method,
      path,
      fingerprint,
      state: 'in_progress' as const,
      createdAt: claimedAt,
    };
    const claimed = await db
      .with(expired)
      .insert(idempotencyKeys)
      .values({ userId: user.id, key, ...claim })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { ...claim, responseStatus: null, responseBody: null, responseContentType: null, completedAt: null },
        setWhere: lt(idempotencyKeys.createdAt, expiredBefore),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length) {
      request.idempotency = { userId: user.id, key, claimedAt };
      return;
    }

    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));
    if (!existing) throw appError('IDEMPOTENCY_KEY_IN_USE', IDEMPOTENCY_MESSAGES.inProgress); // released by a failing first request just now
    if (existing.fingerprint !== fingerprint) throw appError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.mismatch);
    if (existing.state === 'in_progress') {
      const abandoned = Date.now() - existing.createdAt.getTime() > ABANDONED_AFTER_MS;
      if (abandoned) {
        const reclaimedAt = new Date();
        const taken = await db
          .update(idempotencyKeys)
          .set({ createdAt: reclaimedAt })
          .where(
            and(
              eq(idempotencyKeys.userId, user.id),
              eq(idempotencyKeys.key, key),
              eq(idempotencyKeys.state, 'in_progress'),
              lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
            ),
          )
          .returning({ key: idempotencyKeys.key });
        if (taken.length) {
          request.idempotency = { userId: user.id, key, claimedAt: reclaimedAt };
          return;
        }
      }
      throw appError('IDEMPOTENCY_KEY_IN_USE', IDEMPOTENCY_MESSAGES.inProgress);
    }
    return reply
      .status(existing.responseStatus ?? 200)
      .header('content-type', existing.responseContentType ?? 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(existing.responseBody ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const owned = request.idempotency;
    if (!owned) return payload;
    request.idempotency = null;
    // Already stored with the effect (completeIdempotentRequest), and this is that response.
    if (owned.storedStatus === reply.statusCode) return payload;
    // Only this request's own, still open claim: a response already stored inside the business
    // transaction (completeIdempotentRequest) is never released or overwritten here.
    const where = ownClaim(owned);
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    try {
      if (reply.statusCode >= 500 || body === null) {
        await db.delete(idempotencyKeys).where(where);
      } else {
        const contentType = reply.getHeader('content-type');
        await db
          .update(idempotencyKeys)
          .set({
            state: 'completed',
            responseStatus: reply.statusCode,
            responseBody: body,
            responseContentType: typeof contentType === 'string' ? contentType : null,
            completedAt: new Date(),
          })
          .where(where);
      }
    } catch (err) {
      // The response itself is fine; the key stays in progress and is reclaimed once abandoned.
      request.log.error({ err }, 'could not store the idempotent response');
    }
    return payload;
  });
}

function ownClaim(owned: IdempotencyClaim) {
  return and(
    eq(idempotencyKeys.userId, owned.userId),
    eq(idempotencyKeys.key, owned.key),
    eq(idempotencyKeys.state, 'in_progress'),
    eq(idempotencyKeys.createdAt, owned.claimedAt),
  );
}

/**
 * Stores the response of an idempotent request inside the caller's database transaction, so it
 * commits (or rolls back) together with the effect: a retry after a lost response, or after a crash
 * between the commit and the response, replays it instead of running the request again. Refuses
 * (409, rolling the effect back) when this request no longer owns the key, i.e. a retry reclaimed it
 * as abandoned while this one was still running. Without an Idempotency-Key it does nothing.
 */
export async function completeIdempotentRequest(
  tx: Tx,
  request: FastifyRequest,
  statusCode: number,
  body: unknown,
): Promise<void> {
  const owned = request.idempotency;
  if (!owned) return;
  const stored = await tx
    .update(idempotencyKeys)
    .set({
      state: 'completed',
      responseStatus: statusCode,
      responseBody: JSON.stringify(body),
      responseContentType: 'application/json; charset=utf-8',
      completedAt: new Date(),
    })
    .where(ownClaim(owned))
    .returning({ key: idempotencyKeys.key });
  if (!stored.length) throw appError('IDEMPOTENCY_KEY_IN_USE', IDEMPOTENCY_MESSAGES.inProgress);
  // onSend need not write it again once this commits; should the transaction roll back, the response
  // sent is another one (an error), which onSend then stores or releases as usual.
  owned.storedStatus = statusCode;
}
