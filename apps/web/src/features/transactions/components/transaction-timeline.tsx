import { History } from 'lucide-react';
import type { TTransaction } from '@holdfast/contracts';
import { CaseFileTimeline } from '@/components/case-file/case-file-timeline';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useTimeline } from '../api/get-timeline';

/**
 * The transaction's whole history for its parties (and staff), in the case file's words and layout: who did
 * what and when, delivery details and tracking, disputes, offers, the decision and the money paid out.
 */
export function TransactionTimeline({ tx }: { tx: TTransaction }) {
  const timeline = useTimeline(tx.id, tx.updatedAt);
  return (
    <Card aria-labelledby={`history-${tx.id}`}>
      <CardHeader className="pb-3">
        <CardTitle id={`history-${tx.id}`} className="flex items-center gap-2 text-base">
          <History className="size-4 text-primary" aria-hidden="true" /> History
        </CardTitle>
      </CardHeader>
      <CardContent>
        {timeline.isLoading ? (
          <Spinner />
        ) : timeline.isError || !timeline.data ? (
          <p className="text-sm text-muted-foreground">The history could not be loaded just now.</p>
        ) : (
          <CaseFileTimeline entries={timeline.data.entries} label="Transaction history" />
        )}
      </CardContent>
    </Card>
  );
}
