import type { TDispute } from '@holdfast/contracts';
import { disputeSplitText } from '@/lib/dispute-split';

/** A partial dispute's split, said plainly wherever a case's amounts show; nothing for a whole dispute. */
export function DisputeSplitNote({
  dispute,
}: {
  dispute: Pick<TDispute, 'transaction' | 'disputedAmount' | 'undisputedReleased'> &
    Partial<Pick<TDispute, 'milestone'>>;
}) {
  const text = disputeSplitText(dispute);
  return text ? <p className="font-medium text-brand-ink">{text}</p> : null;
}
