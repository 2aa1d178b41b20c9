import { Link, useParams } from 'wouter';
import { ArrowLeft, FolderOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NoticeCard } from '@/components/ui/notice-card';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useDisputeCase } from '@/lib/queries/disputes';
import { CaseFileTimeline } from '@/components/case-file/case-file-timeline';
import { CaseHeader } from '@/components/case-file/case-header';
import { EvidenceFormSlot, StatementFormSlot } from '@/components/case-file/case-slots';
import { disputeSubject } from '@/lib/dispute-split';

/**
 * /disputes/:id: a party's view of their dispute's case file, the same file the moderator reads without
 * staff's internal notes (the server leaves them out of a party's answer).
 */
export function DisputeCasePage() {
  const { id = '' } = useParams<{ id: string }>();
  const found = useDisputeCase(id);
  if (found.isLoading) return <PageSpinner message="Loading case..." />;
  if (!found.data)
    return (
      <NoticeCard
        icon={<FolderOpen />}
        tone="danger"
        title="Case not available"
        description={errorMessage(found.error, 'Failed to load the case')}
        asPageTitle
        className="mt-8"
      >
        <Button asChild>
          <Link href="/transactions">Go to Transactions</Link>
        </Button>
      </NoticeCard>
    );
  const { dispute } = found.data;
  return (
    <div className="mx-auto max-w-4xl min-w-0 space-y-6">
      <Button variant="ghost" size="sm" asChild className="-ml-2">
        <Link href={`/transactions/${dispute.transactionId}`}>
          <ArrowLeft aria-hidden="true" /> Back to the transaction
        </Link>
      </Button>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-brand-ink">Case file</h1>
        <p className="mt-1 break-words text-muted-foreground">{disputeSubject(dispute)}</p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <CaseHeader data={found.data} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Everything in this case</CardTitle>
          <CardDescription>
            What happened, in time order: what the moderator reads too, from the deal’s history to the decision.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <CaseFileTimeline entries={found.data.file} />
          <StatementFormSlot data={found.data} />
          <EvidenceFormSlot data={found.data} />
        </CardContent>
      </Card>
    </div>
  );
}
