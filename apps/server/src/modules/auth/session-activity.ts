import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import type { SessionActivity } from './session-lookup.js';

/**
 * The server's idle rule, the same setting the browser's timeout dialog uses. Writing the last-active
 * time on every request would cost a write per request, so it is written at most once per touch
 * interval; a session therefore ends after between `idle` and `idle + touch` without a request, never
 * sooner than the browser's own timer.
 */
export function sessionIdleRule(idleTimeoutMs: number) {
  const touchEveryMs = Math.min(30_000, Math.floor(idleTimeoutMs / 4));
  return {
    touchEveryMs,
    isIdle: (lastActiveAt: Date, now: number) => now - lastActiveAt.getTime() > idleTimeoutMs + touchEveryMs,
    needsTouch: (lastActiveAt: Date, now: number) => now - lastActiveAt.getTime() >= touchEveryMs,
  };
}

export type SessionVerdict = 'active' | 'idle';

/** Applies the idle rule to a live session: an idle one is deleted, an active one touched when due. */
export function createSessionActivity(db: Db, idleTimeoutMs: number) {
  const rule = sessionIdleRule(idleTimeoutMs);
  return async function checkActivity(session: SessionActivity): Promise<SessionVerdict> {
    const now = Date.now();
    if (rule.isIdle(session.lastActiveAt, now)) {
      await db.delete(sessions).where(eq(sessions.id, session.id));
      return 'idle';
    }
    if (rule.needsTouch(session.lastActiveAt, now)) {
      await db
        .update(sessions)
        .set({ lastActiveAt: new Date(now) })
        .where(eq(sessions.id, session.id));
    }
    return 'active';
  };
}
