import type { TDisputeStep } from '@holdfast/contracts';
import { formatTimeLeft } from './time-left';

/** The step's name as the parties and moderators see it. */
export const DISPUTE_STEP_LABELS: Record<TDisputeStep['code'], string> = {
  awaiting_response: 'Waiting for a response',
  awaiting_moderator: 'Waiting for a moderator',
  in_review: 'Under review',
  awaiting_second_review: 'Decision awaiting a second review',
  escalated: 'Escalated to an administrator',
  resolved: 'Resolved',
};

/** Who must act, from the viewer's side: 'You (the seller)', 'The buyer', 'A moderator'. */
export function stepActor(actor: TDisputeStep['actor'], viewer: 'buyer' | 'seller' | 'moderator' | null): string {
  if (actor === null) return 'Nobody: the case is closed';
  if (actor === viewer) return actor === 'moderator' ? 'You (the moderator)' : `You (the ${actor})`;
  if (actor === 'moderator') return 'A moderator';
  if (actor === 'admin') return 'An administrator';
  return `The ${actor}`;
}

/** 'in 2 days 4 hours', or that the deadline has passed (its stated default is then being applied). */
export function dueCountdown(dueAt: string, now: Date): string {
  const left = new Date(dueAt).getTime() - now.getTime();
  if (Number.isNaN(left)) return '';
  return left > 0 ? `in ${formatTimeLeft(left)}` : 'the deadline has passed';
}
