import { Link, useParams } from 'wouter';
import { ArrowLeft, FolderOpen, ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NoticeCard } from '@/components/ui/notice-card';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { useDisputeCase } from '@/lib/queries/disputes';
import { CaseFileTimeline } from '@/components/case-file/case-file-timeline';
import { CaseHeader } from '@/components/case-file/case-header';
import { EvidenceFormSlot, StatementFormSlot } from '@/components/case-file/case-slots';
import { AssignButton } from '../components/assign-button';
import { NoteForm } from '../components/note-form';
import { ResolveDialog } from '../components/resolve-dialog';
import type { TUser } from '@holdfast/contracts';
import { SecondReviewCard } from '../components/second-review';
import { disputeSubject } from '@/lib/dispute-split';

/** Back to where the case was found: a moderator's dashboard (its History for a resolved case), an admin's. */
function BackToDashboard({ user, resolved = false }: { user: TUser; resolved?: boolean }) {
  const [href, label] =
    user.role === 'moderator'
      ? [resolved ? '/moderator-dashboard?tab=history' : '/moderator-dashboard', 'Moderator Dashboard']
      : resolved
        ? ['/admin-dashboard?tab=cases', 'Admin Dashboard']
        : ['/dashboard', 'Dashboard'];
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2">
      <Link href={href}>
        <ArrowLeft aria-hidden="true" /> {label}
      </Link>
    </Button>
  );
}

function ModeratorCase({ id, user }: { id: string; user: TUser }) {
  const userId = user.id;
  const isModerator = user.role === 'moderator';
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
      >
        <BackToDashboard user={user} />
      </NoticeCard>
    );
  const { dispute } = found.data;
  const takenByOther = dispute.status === 'in_review' && dispute.moderatorId !== userId;
  return (
    <div className="mx-auto max-w-4xl min-w-0 space-y-6">
      <BackToDashboard user={user} resolved={dispute.status === 'resolved'} />
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight break-words text-brand-ink">Case #{dispute.id.slice(0, 8)}</h1>
        <p className="mt-1 break-words text-muted-foreground">{disputeSubject(dispute)}</p>
      </div>
      <Card>
        <CardContent className="space-y-4 pt-6">
          <CaseHeader data={found.data} />
          {/* Deciding stays with moderators (the spec); admins read the file and add notes. */}
          {isModerator && dispute.status !== 'resolved' && (
            <div className="flex flex-wrap items-center gap-2 border-t pt-4">
              <AssignButton dispute={dispute} moderatorId={userId} />
              {takenByOther ? (
                <span className="text-sm text-muted-foreground">Assigned to another moderator</span>
              ) : (
                <ResolveDialog dispute={dispute} />
              )}
            </div>
          )}
        </CardContent>
      </Card>
      {/* A decision waiting for its second review: another moderator or an admin approves or sends it back. */}
      <SecondReviewCard disputes={[dispute]} user={user} />
      <Card>
        <CardHeader>
          <CardTitle>Case file</CardTitle>
          <CardDescription>
            Everything in time order: the history, delivery, the parties’ messages, statements, evidence, offers,
            internal notes and the decision.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <CaseFileTimeline entries={found.data.file} />
          <div className="border-t pt-4">
            <NoteForm disputeId={dispute.id} />
          </div>
          <StatementFormSlot data={found.data} />
          <EvidenceFormSlot data={found.data} />
        </CardContent>
      </Card>
    </div>
  );
}

/** /moderator/cases/:id: one case's file for staff (moderators decide; admins read and add notes). */
export function ModeratorCasePage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user, isLoading } = useUser();
  if (isLoading) return <Spinner />;
  if (!user || (user.role !== 'moderator' && user.role !== 'admin')) {
    return (
      <NoticeCard
        icon={<ShieldAlert />}
        tone="danger"
        title="Access Denied"
        description="Only moderators and admins can read case files."
        asPageTitle
        className="mt-8"
      >
        <Button asChild>
          <Link href="/dashboard">Go to Dashboard</Link>
        </Button>
      </NoticeCard>
    );
  }
  return <ModeratorCase id={id} user={user} />;
}
