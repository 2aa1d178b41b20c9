import type { TJobLane } from '@holdfast/contracts';

/** The lanes as the System tab names them, and what runs in each. */
export const LANE_LABELS: Record<TJobLane, string> = {
  money: 'Money',
  notify: 'Notifications',
  email: 'Email',
};

export const LANE_DESCRIPTIONS: Record<TJobLane, string> = {
  money: 'Auto-release, deadlines, reminders and payouts. One that gives up alerts every admin.',
  notify: 'The bell and the emails each event causes.',
  email: 'Sending emails through the mail server.',
};

/** A name from a job's payload as people read it: withdrawalId → Withdrawal, to → Recipient. */
export function refLabel(key: string): string {
  if (key === 'to') return 'Recipient';
  const words = key
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}
