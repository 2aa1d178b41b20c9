import type { TDisputeCase } from '@holdfast/contracts';
import { StatementForm, UploadForm } from '@/components/dispute-evidence';

const isParty = (data: TDisputeCase) =>
  data.transaction.viewerRole === 'buyer' || data.transaction.viewerRole === 'seller';

/** A party's statement form on the case pages, while the case is open (the server decides the rest). */
export function StatementFormSlot({ data }: { data: TDisputeCase }) {
  if (data.dispute.status === 'resolved' || !isParty(data)) return null;
  return <StatementForm disputeId={data.dispute.id} />;
}

/** The upload form on the case pages for the parties and staff, while the case is open. */
export function EvidenceFormSlot({ data }: { data: TDisputeCase }) {
  if (data.dispute.status === 'resolved') return null;
  return <UploadForm disputeId={data.dispute.id} />;
}
