import * as React from 'react';
import { MessageSquareText, Star } from 'lucide-react';
import type { TReview, TTransaction } from '@holdfast/contracts';
import {
  DEFAULT_REVIEW_RATING,
  RATING_LABELS,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_MESSAGES,
} from '@holdfast/contracts/constants';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDate, fullName } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCreateReview, useTransactionReviews } from '../api/reviews';

function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={cn('inline-flex', className)} role="img" aria-label={`${rating} of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn('size-4', n <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/40')}
        />
      ))}
    </span>
  );
}

/** The spec's review dialog: rating 1-5 (default 5) with its labels, an optional comment with a /500 counter. */
function ReviewDialog({ tx, reviewee }: { tx: TTransaction; reviewee: 'buyer' | 'seller' }) {
  const [open, setOpen] = React.useState(false);
  const [rating, setRating] = React.useState(DEFAULT_REVIEW_RATING);
  const [comment, setComment] = React.useState('');
  const create = useCreateReview(tx.id);
  const id = React.useId();
  const revieweeId = reviewee === 'seller' ? tx.sellerId : tx.buyerId;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (rating < 1 || rating > 5) {
      toastError(REVIEW_MESSAGES.invalidRating);
      return;
    }
    create.mutate(
      {
        revieweeId: revieweeId ?? undefined,
        rating,
        comment,
        reviewerRole: reviewee === 'seller' ? 'buyer' : 'seller',
      },
      {
        onSuccess: () => {
          toast({ title: 'Review Submitted', description: 'Thank you for your feedback.' });
          setOpen(false);
        },
        onError: (err) => toastError(errorMessage(err, 'Failed to submit review')),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setRating(DEFAULT_REVIEW_RATING);
          setComment('');
        }
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Star aria-hidden="true" /> Review the {reviewee}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Review the {reviewee}</DialogTitle>
            <DialogDescription>How did this transaction go? Your review is public on their profile.</DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Rating</legend>
            <div className="flex flex-wrap gap-1">
              {RATING_LABELS.map((label, i) => {
                const value = i + 1;
                return (
                  <label
                    key={label}
                    className={cn(
                      'flex cursor-pointer flex-col items-center gap-1 rounded-md border px-2 py-1.5 text-xs has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      value === rating && 'border-amber-500 bg-amber-50',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-rating`}
                      value={value}
                      checked={value === rating}
                      onChange={() => setRating(value)}
                      className="sr-only"
                    />
                    <Star
                      aria-hidden="true"
                      className={cn(
                        'size-5',
                        value <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
                      )}
                    />
                    {label}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-comment`}>Comment (optional)</Label>
            <Textarea
              id={`${id}-comment`}
              rows={3}
              maxLength={REVIEW_COMMENT_MAX_LENGTH}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              aria-describedby={`${id}-counter`}
            />
            <p id={`${id}-counter`} className="text-right text-xs text-muted-foreground">
              {comment.length}/{REVIEW_COMMENT_MAX_LENGTH}
            </p>
          </div>
          <DialogFormFooter submitLabel="Submit Review" pending={create.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ReviewItem({ review }: { review: TReview }) {
  return (
    <li className="space-y-1 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className="font-medium">{RATING_LABELS[review.rating - 1]}</span>
        <span className="text-muted-foreground">
          by {fullName(review.reviewer) ?? 'a Holdfast user'} ({review.reviewerRole}) · {formatDate(review.createdAt)}
        </span>
      </div>
      {review.comment && <p className="break-words whitespace-pre-line">{review.comment}</p>}
    </li>
  );
}

/**
 * Completed transactions (spec): the parties review each other (the button goes once the viewer has), and
 * View Reviews lists what both wrote.
 */
export function TransactionReviews({ tx }: { tx: TTransaction }) {
  const party = tx.viewerRole === 'buyer' || tx.viewerRole === 'seller';
  const [shown, setShown] = React.useState(false);
  const reviews = useTransactionReviews(tx.id, party || shown);
  const reviewed = reviews.data?.some((r) => r.reviewerRole === tx.viewerRole) ?? false;
  const reviewee = tx.viewerRole === 'buyer' ? 'seller' : 'buyer';
  // The server allows a review (completed, the other party has an account); once each, which the reviews show.
  const canReview = tx.allowedActions.includes('review') && !reviewed && reviews.isSuccess;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {canReview && <ReviewDialog tx={tx} reviewee={reviewee} />}
        {reviewed && <p className="self-center text-sm text-muted-foreground">You have reviewed the {reviewee}.</p>}
        <Button variant="outline" onClick={() => setShown((s) => !s)} aria-expanded={shown}>
          <MessageSquareText aria-hidden="true" /> {shown ? 'Hide Reviews' : 'View Reviews'}
        </Button>
      </div>
      {shown &&
        (reviews.isLoading ? (
          <Spinner />
        ) : reviews.isError ? (
          <p className="text-sm text-destructive">{errorMessage(reviews.error, 'Failed to load reviews')}</p>
        ) : reviews.data?.length ? (
          <ul className="space-y-2">
            {reviews.data.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No reviews yet.</p>
        ))}
    </div>
  );
}
