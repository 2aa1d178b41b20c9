import { Clock } from 'lucide-react';
import type { TDisputeStep } from '@holdfast/contracts';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { DISPUTE_STEP_LABELS, dueCountdown, stepActor } from '@/lib/dispute-step';
import { useNow } from '@/lib/use-now';

/**
 * Where a dispute stands, as the server states it: the current step, who must act, by when (the date and a
 * countdown renewed every minute), and what happens if nobody does. Shown to the parties and moderators.
 */
export function DisputeStep({ step, viewer }: { step: TDisputeStep; viewer: 'buyer' | 'seller' | 'moderator' | null }) {
  const now = useNow();
  return (
    <section
      aria-label="Current step of the dispute"
      className="space-y-2 rounded-md border border-sky-200 bg-sky-50/60 p-3 text-sm"
      data-testid="dispute-step"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Clock className="size-4 shrink-0 text-sky-700" aria-hidden="true" />
        <h3 className="font-semibold text-brand-ink">{DISPUTE_STEP_LABELS[step.code]}</h3>
        {step.noResponse && <Badge variant="warning">No response</Badge>}
      </div>
      <p>{step.text}</p>
      <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="text-muted-foreground">Who must act</dt>
        <dd className="font-medium">{stepActor(step.actor, viewer)}</dd>
        {step.dueAt && (
          <>
            <dt className="text-muted-foreground">By</dt>
            <dd>
              <span className="font-medium">{formatDateTime(step.dueAt)}</span>{' '}
              <span className="text-muted-foreground">({dueCountdown(step.dueAt, now)})</span>
            </dd>
          </>
        )}
        {step.ifNobodyActs && (
          <>
            <dt className="text-muted-foreground">If nobody acts</dt>
            <dd>{step.ifNobodyActs}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
