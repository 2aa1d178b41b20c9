import { describe, expect, it } from 'vitest';
import { disputeStep, respondingParty, type StepInput } from './disputes.step.js';

const opened = new Date('2026-11-27T10:00:00Z');
const plus = (hours: number) => new Date(opened.getTime() + hours * 3_600_000);

/** A case the buyer opened now, with the default clocks (3 days to respond, 24 hours to be taken). */
const fresh: StepInput = {
  status: 'open',
  initiatedBy: 'buyer',
  resolvedById: null,
  responseDueAt: plus(72),
  respondedAt: null,
  noResponseAt: null,
  assignDueAt: plus(24),
  assignEscalatedAt: null,
  decisionDueAt: null,
  decisionEscalatedAt: null,
  proposedAt: null,
};

describe('disputeStep', () => {
  it('the responder is the party who did not open the case', () => {
    expect(respondingParty('buyer')).toBe('seller');
    expect(respondingParty('seller')).toBe('buyer');
  });

  it('a new case waits for the other party, with the stated default', () => {
    expect(disputeStep(fresh)).toEqual({
      code: 'awaiting_response',
      actor: 'seller',
      dueAt: '2026-11-30T10:00:00.000Z',
      text: 'Waiting for the seller to respond with a statement, evidence or a settlement offer.',
      ifNobodyActs:
        'If the seller does not respond by 30 Nov 2026, 10:00 UTC, the case goes to a moderator marked "no response".',
      noResponse: false,
    });
    expect(disputeStep({ ...fresh, initiatedBy: 'seller' })).toMatchObject({ actor: 'buyer' });
  });

  it('after a response it waits for a moderator until the assignment deadline', () => {
    expect(disputeStep({ ...fresh, respondedAt: plus(2) })).toEqual({
      code: 'awaiting_moderator',
      actor: 'moderator',
      dueAt: '2026-11-28T10:00:00.000Z',
      text: 'Waiting for a moderator to take the case.',
      ifNobodyActs: 'If no moderator takes the case by 28 Nov 2026, 10:00 UTC, it is escalated to an administrator.',
      noResponse: false,
    });
  });

  it('silence is marked "no response" until the party responds late', () => {
    const silent = { ...fresh, noResponseAt: plus(72) };
    expect(disputeStep(silent)).toMatchObject({
      code: 'awaiting_moderator',
      noResponse: true,
      text: 'The seller did not respond in time; the case waits for a moderator, marked "no response".',
    });
    expect(disputeStep({ ...silent, respondedAt: plus(80) })).toMatchObject({
      code: 'awaiting_moderator',
      noResponse: false,
      text: 'Waiting for a moderator to take the case.',
    });
  });

  it('an escalated open case names the admins and states that no timer moves the money', () => {
    const step = disputeStep({ ...fresh, respondedAt: plus(1), assignEscalatedAt: plus(24) });
    expect(step).toMatchObject({ code: 'escalated', actor: 'admin', dueAt: null });
    expect(step.ifNobodyActs).toBe('The money stays in escrow until the case is decided; no timer moves it.');
    // While the response clock runs, the party is still the one to act.
    expect(disputeStep({ ...fresh, assignEscalatedAt: plus(24) }).code).toBe('awaiting_response');
  });

  it('in review: the moderator decides by the decision deadline, else the admins are told', () => {
    const review = { ...fresh, status: 'in_review' as const, decisionDueAt: plus(5 * 24 + 1) };
    expect(disputeStep(review)).toEqual({
      code: 'in_review',
      actor: 'moderator',
      dueAt: '2026-12-02T11:00:00.000Z',
      text: 'A moderator is reviewing the case and will decide.',
      ifNobodyActs:
        'If the moderator has not decided by 2 Dec 2026, 11:00 UTC, the case is escalated to an administrator.',
      noResponse: false,
    });
    expect(disputeStep({ ...review, decisionEscalatedAt: plus(121), noResponseAt: plus(72) })).toMatchObject({
      code: 'escalated',
      actor: 'admin',
      noResponse: true,
    });
  });

  it('resolved: nobody must act', () => {
    const decided = { ...fresh, status: 'resolved' as const, resolvedById: 'mod-1' };
    expect(disputeStep(decided)).toEqual({
      code: 'resolved',
      actor: null,
      dueAt: null,
      text: 'A moderator decided the case; the decision is final.',
      ifNobodyActs: null,
      noResponse: false,
    });
    expect(disputeStep({ ...decided, resolvedById: null }).text).toBe('The parties settled the case by agreement.');
  });

  it('a case opened before the clocks existed has no deadlines to state', () => {
    const old = { ...fresh, responseDueAt: null, assignDueAt: null };
    expect(disputeStep(old)).toMatchObject({ code: 'awaiting_moderator', dueAt: null, ifNobodyActs: null });
    expect(disputeStep({ ...old, status: 'in_review' })).toMatchObject({
      code: 'in_review',
      dueAt: null,
      ifNobodyActs: null,
    });
  });
  it('a decision waiting for its second review says so, and that no money moves meanwhile', () => {
    const step = disputeStep({ ...fresh, status: 'in_review', decisionDueAt: plus(120), proposedAt: plus(30) });
    expect(step).toMatchObject({ code: 'awaiting_second_review', actor: 'moderator', dueAt: null });
    expect(step.ifNobodyActs).toMatch(/no timer moves it/);
  });
});
