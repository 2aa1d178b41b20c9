import * as React from 'react';
import { Check, FileText, ShieldAlert, X } from 'lucide-react';
import {
  IDENTITY_DOCUMENT_TYPE_LABELS,
  IDENTITY_FILE_LABELS,
  IDENTITY_MESSAGES as M,
  IDENTITY_REJECTION_REASON_MAX_LENGTH,
  type TIdentityReview,
} from '@holdfast/contracts';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDate, formatDateTime } from '@/lib/format';
import {
  useIdentityDecision,
  useIdentityReview,
  useIdentityReviewers,
  useIdentityReviews,
  useSetIdentityReviewer,
} from '../api/identity-reviews';

/**
 * The identity review queue (issue 30): pending submissions oldest first; one opens beside the list with
 * what the person typed next to their documents, to approve or reject with a reason. Admins also choose
 * which moderators may review (`manageReviewers`).
 */
export function VerificationTab({ manageReviewers = false }: { manageReviewers?: boolean }) {
  const queue = useIdentityReviews();
  const [selected, setSelected] = React.useState<string | null>(null);
  const reviews = queue.data?.reviews ?? [];

  return (
    <div className="grid gap-6">
      <section aria-labelledby="identity-queue-title" className="grid gap-3">
        <h2 id="identity-queue-title" className="text-lg font-semibold text-brand-ink">
          Waiting for review ({reviews.length})
        </h2>
        {queue.isLoading ? (
          <Skeleton className="h-20 w-full" />
        ) : queue.isError ? (
          <Message text="The queue could not be loaded. Reload the page to try again." />
        ) : reviews.length === 0 ? (
          <Message text="No identity verification waits for review." />
        ) : (
          <ul className="grid gap-2" aria-label="Pending identity verifications">
            {reviews.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  onClick={() => setSelected(r.id)}
                  aria-pressed={selected === r.id}
                  className="flex w-full flex-wrap items-center justify-between gap-2 rounded-lg border bg-card p-4 text-left hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-pressed:border-primary"
                >
                  <span className="min-w-0">
                    <span className="flex flex-wrap items-center gap-2 font-medium text-brand-ink">
                      {r.legalName}
                      {r.possibleSanctionsMatch && <Badge variant="warning">Possible sanctions match</Badge>}
                    </span>
                    <span className="block text-sm text-muted-foreground [overflow-wrap:anywhere]">{r.email}</span>
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {IDENTITY_DOCUMENT_TYPE_LABELS[r.documentType]} · {r.country} · {formatDateTime(r.submittedAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {selected && <ReviewPanel id={selected} onDone={() => setSelected(null)} />}
      {manageReviewers && <ReviewersCard />}
    </div>
  );
}

function ReviewPanel({ id, onDone }: { id: string; onDone: () => void }) {
  const review = useIdentityReview(id);
  const ref = React.useRef<HTMLDivElement>(null);
  // On a phone the review opens below the list: bring it into view.
  React.useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [id, review.isSuccess]);
  if (review.isLoading) return <Skeleton className="h-64 w-full" />;
  if (review.isError || !review.data) return <Message text="This submission could not be loaded." />;
  return (
    <div ref={ref}>
      <ReviewCard key={review.data.id} review={review.data} onDone={onDone} />
    </div>
  );
}

function ReviewCard({ review, onDone }: { review: TIdentityReview; onDone: () => void }) {
  const decision = useIdentityDecision(review.id);
  const [rejecting, setRejecting] = React.useState(false);
  const [reason, setReason] = React.useState('');
  const [reasonError, setReasonError] = React.useState<string | undefined>();
  const name = [review.user.firstName, review.user.lastName].filter(Boolean).join(' ') || review.user.email;
  const typed: Array<[string, string]> = [
    ['Legal name', review.legalName],
    ['Date of birth', review.dateOfBirth],
    ['Address', review.addressLine],
    ['City', review.city],
    ['Postal code', review.postalCode],
    ['Country', review.country],
    ['Document', IDENTITY_DOCUMENT_TYPE_LABELS[review.documentType]],
    ['Account', `${name} (${review.user.email})`],
    ['Member since', formatDate(review.user.createdAt)],
    ['Submitted', formatDateTime(review.submittedAt)],
  ];

  const decide = (action: 'approve' | 'reject') => {
    if (action === 'reject' && !reason.trim()) {
      setReasonError(M.reasonRequired);
      document.getElementById('identity-reject-reason')?.focus();
      return;
    }
    decision.mutate(action === 'approve' ? { action } : { action, reason: reason.trim() }, {
      onSuccess: () => {
        toast({ title: action === 'approve' ? M.approved : M.rejected, description: `${review.legalName} is told.` });
        onDone();
      },
      onError: (err) => toastError(errorMessage(err, 'The decision could not be saved. Try again.')),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Review: {review.legalName}</CardTitle>
        <CardDescription>
          Check that the document is genuine and current, that the details typed match it, and that the selfie shows the
          same person.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <SanctionsWarning review={review} />
        <dl className="grid content-start gap-3 text-sm">
          {typed.map(([label, value]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium [overflow-wrap:anywhere] text-brand-ink">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="grid content-start gap-4 sm:grid-cols-2">
          {review.documents.length === 0 && <Message text="The documents of this submission were deleted." />}
          {review.documents.map((d) => (
            <figure key={d.id} className="grid content-start gap-2">
              <figcaption className="text-sm font-medium text-brand-ink">{IDENTITY_FILE_LABELS[d.kind]}</figcaption>
              {d.contentType === 'application/pdf' ? (
                <a
                  href={d.url}
                  className="flex h-40 items-center justify-center gap-2 rounded-md border bg-muted/40 text-sm text-brand-ink underline-offset-4 hover:underline"
                >
                  <FileText aria-hidden="true" className="size-5" /> Open the PDF
                </a>
              ) : (
                <a href={d.url} target="_blank" rel="noreferrer">
                  <img
                    src={d.url}
                    alt={`${IDENTITY_FILE_LABELS[d.kind]} of ${review.legalName}`}
                    className="max-h-72 w-full rounded-md border bg-muted/40 object-contain"
                  />
                </a>
              )}
            </figure>
          ))}
        </div>
        <div className="grid gap-3 lg:col-span-2">
          {rejecting && (
            <div className="grid gap-2">
              <Label htmlFor="identity-reject-reason">Reason (the person reads it and acts on it)</Label>
              <Textarea
                id="identity-reject-reason"
                value={reason}
                maxLength={IDENTITY_REJECTION_REASON_MAX_LENGTH}
                onChange={(e) => {
                  setReason(e.target.value);
                  setReasonError(undefined);
                }}
                placeholder="e.g. The photo of the front is blurred: take it again in good light."
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? 'identity-reject-reason-error' : undefined}
              />
              <FieldError id="identity-reject-reason-error" message={reasonError} />
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => decide('approve')} disabled={decision.isPending}>
              {decision.isPending ? <Spinner /> : <Check aria-hidden="true" />} Approve
            </Button>
            <Button
              type="button"
              variant="destructive"
              onClick={() => (rejecting ? decide('reject') : setRejecting(true))}
              disabled={decision.isPending}
            >
              <X aria-hidden="true" /> {rejecting ? 'Reject with this reason' : 'Reject'}
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The legal name's possible sanctions matches, before the reviewer decides (issue 30, item 5): the closest
 * in the title, every one listed. A provider's approval it stopped says so. Nothing shows for a clear name.
 */
function SanctionsWarning({ review }: { review: TIdentityReview }) {
  const [best] = review.sanctionsMatches;
  if (!best) return null;
  return (
    <Alert variant="warning" className="lg:col-span-2" data-testid="identity-sanctions-warning">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>
        Possible sanctions match: {best.name}, score {best.score.toFixed(2)}
      </AlertTitle>
      <AlertDescription>
        {review.heldReason && <p>{review.heldReason}</p>}
        <p>
          Approve only once you are sure this person is not the one listed: compare the date of birth and nationality.
        </p>
        <ul className="grid gap-1" aria-label="Possible sanctions list matches">
          {review.sanctionsMatches.map((m) => (
            <li key={`${m.listId}-${m.entryId}`} className="[overflow-wrap:anywhere]">
              “{m.screened}” resembles {m.name}
              {m.matchedName !== m.name && <> (as “{m.matchedName}”)</>} · score {m.score.toFixed(2)} · list {m.listId},
              entry {m.entryId}
              {m.program && <> · program {m.program}</>}
              {m.dateOfBirth && <> · born {m.dateOfBirth}</>}
              {m.country && <> · {m.country}</>}
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

/** Admins choose which moderators may review identities (admins always may). */
function ReviewersCard() {
  const reviewers = useIdentityReviewers(true);
  const set = useSetIdentityReviewer();
  const moderators = reviewers.data?.moderators ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Moderators who may review</CardTitle>
        <CardDescription>Administrators always review. Allow a moderator to help with the queue.</CardDescription>
      </CardHeader>
      <CardContent>
        {reviewers.isLoading ? (
          <Skeleton className="h-12 w-full" />
        ) : moderators.length === 0 ? (
          <p className="text-sm text-muted-foreground">No moderators yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Moderators who may review identities">
            {moderators.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <Label htmlFor={`reviewer-${m.id}`} className="font-medium">
                    {m.name}
                  </Label>
                  <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{m.email}</p>
                </div>
                <div className="flex items-center gap-2">
                  {m.allowed && <Badge variant="success">Reviews identities</Badge>}
                  <Switch
                    id={`reviewer-${m.id}`}
                    checked={m.allowed}
                    disabled={set.isPending}
                    onCheckedChange={(allowed) =>
                      set.mutate(
                        { userId: m.id, allowed },
                        { onError: (err) => toastError(errorMessage(err, 'The permission could not be changed.')) },
                      )
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Message({ text }: { text: string }) {
  return (
    <Card>
      <CardContent className="py-8 text-center text-sm text-muted-foreground">{text}</CardContent>
    </Card>
  );
}
