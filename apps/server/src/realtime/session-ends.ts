import { SESSION_ENDED_CLOSE_CODE } from '@holdfast/contracts';
import type { PubSub } from './pubsub.js';

export { SESSION_ENDED_CLOSE_CODE };

/**
 * When sessions end (sign-out, a revoked session, a password change or reset), every socket opened with
 * them closes, on every instance: the bus carries the ended sessions' ids on the account's own channel.
 */
export const sessionsChannel = (userId: string) => `sessions:${userId}`;
export const SESSIONS_ENDED = 'sessions_ended';

/** Tells every instance that these sessions of `userId` ended; `null`: all of the account's sessions. */
export function publishSessionsEnded(pubsub: PubSub, userId: string, sessionIds: string[] | null): Promise<void> {
  if (sessionIds?.length === 0) return Promise.resolve();
  return pubsub.publish(sessionsChannel(userId), { type: SESSIONS_ENDED, sessionIds });
}

/** Whether a sessions_ended event names the session `sessionId`. */
export function endsSession(event: { type: string; sessionIds?: unknown }, sessionId: string | null): boolean {
  if (event.type !== SESSIONS_ENDED) return false;
  return event.sessionIds === null || (Array.isArray(event.sessionIds) && event.sessionIds.includes(sessionId));
}
