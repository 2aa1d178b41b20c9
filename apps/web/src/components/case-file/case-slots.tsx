import type { TDisputeCase } from '@holdfast/contracts';

/**
 * Where the evidence and statement forms (issue 28, the evidence part) mount on the case pages. They
 * render nothing until that part fills them in.
 */
export function StatementFormSlot(_props: { data: TDisputeCase }) {
  return null;
}

export function EvidenceFormSlot(_props: { data: TDisputeCase }) {
  return null;
}
