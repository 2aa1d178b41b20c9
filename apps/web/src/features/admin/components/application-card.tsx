import * as React from 'react';
import { Check, Mail, Phone, X } from 'lucide-react';
import { APPLICATION_MESSAGES, type TApplicationStatus, type TModeratorApplication } from '@holdfast/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDate, formatDateTime, fullName } from '@/lib/format';
import { useReviewApplication } from '../api/admin';

const STATUS_BADGE: Record<TApplicationStatus, { label: string; variant: 'warning' | 'success' | 'danger' }> = {
  pending: { label: 'Pending', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'danger' },
};

/** What approving did, said in the success toast. */
const OUTCOME: Record<'promoted' | 'invited', string> = {
  promoted: 'The applicant is now a moderator.',
  invited:
    'No verified account has this address yet: an invitation was emailed. The account becomes a moderator once the address is verified.',
};

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

/** One moderator application; only a pending one offers Approve and Reject (with optional notes). */
export function ApplicationCard({ application: a }: { application: TModeratorApplication }) {
  const review = useReviewApplication();
  const [notes, setNotes] = React.useState('');
  const [deciding, setDeciding] = React.useState<'approved' | 'rejected' | null>(null);
  const badge = STATUS_BADGE[a.status];
  const notesId = `notes-${a.id}`;
  const name = `${a.firstName} ${a.lastName}`;

  const decide = (status: 'approved' | 'rejected') => {
    setDeciding(status);
    review.mutate(
      { id: a.id, status, notes: notes.trim() || undefined },
      {
        onSuccess: ({ account }) =>
          toast({ title: APPLICATION_MESSAGES.reviewed, description: account ? OUTCOME[account] : undefined }),
        onError: (err) => toastError(errorMessage(err, APPLICATION_MESSAGES.reviewFailed)),
        onSettled: () => setDeciding(null),
      },
    );
  };

  return (
    <Card aria-label={`Application from ${name}`} role="article">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle className="text-lg">{name}</CardTitle>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex min-w-0 items-center gap-1.5 [overflow-wrap:anywhere]">
              <Mail className="size-3.5 shrink-0" aria-hidden="true" /> {a.email}
            </span>
            {a.phone && (
              <span className="inline-flex items-center gap-1.5">
                <Phone className="size-3.5 shrink-0" aria-hidden="true" /> {a.phone}
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <Badge variant={badge.variant}>{badge.label}</Badge>
          <span className="text-xs text-muted-foreground">Applied {formatDate(a.createdAt)}</span>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Detail label="Experience">{a.experience}</Detail>
          <Detail label="Motivation">{a.motivation}</Detail>
          <Detail label="Availability">{a.availability}</Detail>
          <Detail label="Languages">{a.languages}</Detail>
          {a.status !== 'pending' && (
            <>
              <Detail label="Reviewed">
                {formatDateTime(a.reviewedAt)}
                {a.reviewedBy && ` by ${fullName(a.reviewedBy) ?? 'an administrator'}`}
              </Detail>
              {a.reviewNotes && <Detail label="Review notes">{a.reviewNotes}</Detail>}
            </>
          )}
        </dl>
      </CardContent>
      {a.status === 'pending' && (
        <CardFooter className="flex flex-col items-stretch gap-3">
          <div className="grid gap-2">
            <Label htmlFor={notesId}>Review notes (optional)</Label>
            <Textarea
              id={notesId}
              rows={2}
              maxLength={1000}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              placeholder="Shown to other administrators"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => decide('approved')} disabled={review.isPending}>
              {deciding === 'approved' ? <Spinner /> : <Check aria-hidden="true" />} Approve
            </Button>
            <Button variant="outline" onClick={() => decide('rejected')} disabled={review.isPending}>
              {deciding === 'rejected' ? <Spinner /> : <X aria-hidden="true" />} Reject
            </Button>
          </div>
        </CardFooter>
      )}
    </Card>
  );
}
