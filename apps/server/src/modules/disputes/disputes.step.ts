import type { TDisputeStep, TPartyRole } from '@holdfast/contracts';
import type { DisputeRow } from './disputes.row.js';

/** What the step is read from: the case's status and its clocks (each deadline fixed when its step began). */
export type StepInput = Pick<
  DisputeRow,
  | 'status'
  | 'initiatedBy'
  | 'resolvedById'
  | 'responseDueAt'
  | 'respondedAt'
  | 'noResponseAt'
  | 'assignDueAt'
  | 'assignEscalatedAt'
  | 'decisionDueAt'
  | 'decisionEscalatedAt'
  | 'proposedAt'
>;

/** The party who did not open the case: the one with a response deadline. */
export const respondingParty = (initiatedBy: TPartyRole): TPartyRole => (initiatedBy === 'buyer' ? 'seller' : 'buyer');

/** Deadlines in the texts: unambiguous for every reader, in UTC (the web shows the local time beside them). */
const when = (d: Date) =>
  `${new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(d)} UTC`;

const STILL_HELD = 'The money stays in escrow until the case is decided; no timer moves it.';

/**
 * The current step of a case: who must act, by when, and the stated default if nobody does. The one place
 * it is decided (every ZDispute view carries it). Timers never move money, so no default does either.
 */
export function disputeStep(d: StepInput): TDisputeStep {
  const responder = respondingParty(d.initiatedBy);
  const noResponse = d.noResponseAt !== null && d.respondedAt === null;
  const base = { noResponse };

  if (d.status === 'resolved') {
    return {
      ...base,
      code: 'resolved',
      actor: null,
      dueAt: null,
      text:
        d.resolvedById === null
          ? 'The parties settled the case by agreement.'
          : 'A moderator decided the case; the decision is final.',
      ifNobodyActs: null,
    };
  }

  if (d.status === 'in_review') {
    if (d.proposedAt) {
      return {
        ...base,
        code: 'awaiting_second_review',
        actor: 'moderator',
        dueAt: null,
        text: 'The moderator has decided; a second moderator or an administrator checks the decision before any money moves.',
        ifNobodyActs: STILL_HELD,
      };
    }
    if (d.decisionEscalatedAt) {
      return {
        ...base,
        code: 'escalated',
        actor: 'admin',
        dueAt: null,
        text: 'The moderator did not decide in time; the administrators have been told and will see it decided.',
        ifNobodyActs: STILL_HELD,
      };
    }
    return {
      ...base,
      code: 'in_review',
      actor: 'moderator',
      dueAt: d.decisionDueAt?.toISOString() ?? null,
      text: 'A moderator is reviewing the case and will decide.',
      ifNobodyActs: d.decisionDueAt
        ? `If the moderator has not decided by ${when(d.decisionDueAt)}, the case is escalated to an administrator.`
        : null,
    };
  }

  // Open: first the other party's response (a moderator may take the case meanwhile), then a moderator.
  if (d.responseDueAt && !d.respondedAt && !d.noResponseAt) {
    return {
      ...base,
      code: 'awaiting_response',
      actor: responder,
      dueAt: d.responseDueAt.toISOString(),
      text: `Waiting for the ${responder} to respond with a statement, evidence or a settlement offer.`,
      ifNobodyActs: `If the ${responder} does not respond by ${when(d.responseDueAt)}, the case goes to a moderator marked "no response".`,
    };
  }
  if (d.assignEscalatedAt) {
    return {
      ...base,
      code: 'escalated',
      actor: 'admin',
      dueAt: null,
      text: 'No moderator took the case in time; the administrators have been told and will find one.',
      ifNobodyActs: STILL_HELD,
    };
  }
  return {
    ...base,
    code: 'awaiting_moderator',
    actor: 'moderator',
    dueAt: d.assignDueAt?.toISOString() ?? null,
    text: noResponse
      ? `The ${responder} did not respond in time; the case waits for a moderator, marked "no response".`
      : 'Waiting for a moderator to take the case.',
    ifNobodyActs: d.assignDueAt
      ? `If no moderator takes the case by ${when(d.assignDueAt)}, it is escalated to an administrator.`
      : null,
  };
}
