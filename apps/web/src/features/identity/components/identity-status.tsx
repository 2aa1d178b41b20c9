import { BadgeCheck, Clock, ShieldAlert, ShieldQuestion } from 'lucide-react';
import { IDENTITY_DOCUMENT_TYPE_LABELS, type TIdentityVerificationState } from '@holdfast/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { formatDate, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

const TONES = {
  pending: 'bg-amber-100 text-amber-700',
  verified: 'bg-emerald-100 text-emerald-700',
  rejected: 'bg-red-100 text-red-700',
  unverified: 'bg-muted text-muted-foreground',
};

/** How long a review takes, in words: "2 working days", "a few minutes" with the hosted provider. */
export function expectedTime(state: TIdentityVerificationState): string {
  if (state.provider === 'hosted') return 'a few minutes';
  const days = Math.round(state.expectedReviewHours / 24);
  return days <= 1 ? `${state.expectedReviewHours} hours` : `${days} working days`;
}

/**
 * Where the person stands, what happens next and when (issue 30, item 6: a hold is always explained):
 * pending with the expected time, rejected with the reviewer's reason, verified, or not started.
 */
export function IdentityStatus({ state }: { state: TIdentityVerificationState }) {
  const latest = state.latest;
  const status = state.kycStatus;
  const icon =
    status === 'verified' ? (
      <BadgeCheck />
    ) : status === 'pending' ? (
      <Clock />
    ) : status === 'rejected' ? (
      <ShieldAlert />
    ) : (
      <ShieldQuestion />
    );
  const label = { verified: 'Verified', pending: 'Pending', rejected: 'Rejected', unverified: 'Not verified' }[status];

  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start">
        <div
          className={cn('flex size-12 shrink-0 items-center justify-center rounded-full [&_svg]:size-6', TONES[status])}
          aria-hidden="true"
        >
          {icon}
        </div>
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold text-brand-ink">Identity verification</h2>
            <Badge
              variant={
                status === 'verified'
                  ? 'success'
                  : status === 'pending'
                    ? 'warning'
                    : status === 'rejected'
                      ? 'danger'
                      : 'muted'
              }
              data-testid="kyc-status"
            >
              {label}
            </Badge>
          </div>
          {status === 'unverified' && (
            <p className="text-muted-foreground">
              Verify your identity so the people you deal with know who they are dealing with: your public profile then
              shows the Verified badge. You need an identity document (passport, national identity card or driver&apos;s
              licence) and a selfie. It takes a few minutes; the review takes up to {expectedTime(state)}.
            </p>
          )}
          {status === 'pending' && latest && (
            <>
              <p className="text-muted-foreground">
                We received your {IDENTITY_DOCUMENT_TYPE_LABELS[latest.documentType].toLowerCase()} and selfie on{' '}
                {formatDateTime(latest.submittedAt)}.{' '}
                {state.provider === 'hosted'
                  ? 'The verification provider checks them'
                  : 'Our team checks that the document is genuine and that the selfie matches it'}
                , usually within {expectedTime(state)}.
              </p>
              <p className="text-muted-foreground">
                Nothing is needed from you meanwhile. We tell you in the bell and by email as soon as it is decided; you
                can submit again only once it is.
              </p>
            </>
          )}
          {status === 'rejected' && (
            <>
              <p className="text-muted-foreground">We could not verify your identity with the documents you sent.</p>
              {latest?.rejectionReason && (
                <p
                  className="rounded-md border border-red-200 bg-red-50 p-3 text-red-900"
                  data-testid="rejection-reason"
                >
                  <span className="font-medium">Reason: </span>
                  {latest.rejectionReason}
                </p>
              )}
              <p className="text-muted-foreground">Fix what the reason says and submit your documents again below.</p>
            </>
          )}
          {status === 'verified' && (
            <p className="text-muted-foreground">
              Your identity is verified{latest?.decidedAt ? ` since ${formatDate(latest.decidedAt)}` : ''}. Your public
              profile shows the Verified badge.
              {latest?.documentsDeletedAt
                ? ' Your documents have been deleted; the decision is kept.'
                : ` Your documents are deleted ${state.retentionDays} days after the decision; the decision is kept.`}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
