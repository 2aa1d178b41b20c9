import type * as React from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export interface ReviewRow {
  label: string;
  value: React.ReactNode;
  /** The row that matters most (what leaves, or what is left): set in bold. */
  strong?: boolean;
}

interface ReviewMoneyStepProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  rows: ReviewRow[];
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  /** What the confirmation ends rather than pays (cancelling stages): its button in the destructive style. */
  destructive?: boolean;
}

/**
 * The last look before money leaves (withdraw, pay from wallet): what, where to, the fee and when, asked
 * once more in the same alert dialog Cancel and Decline use. It stays open while the request runs, so a
 * refusal is read beside what was asked; Back returns to the form with everything still filled in.
 */
export function ReviewMoneyStep({
  open,
  onOpenChange,
  title,
  description,
  rows,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  destructive = false,
}: ReviewMoneyStepProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <dl className="divide-y rounded-lg border text-sm" data-testid="review-rows">
          {rows.map((row) => (
            <div key={row.label} className="flex items-baseline justify-between gap-4 px-3 py-2">
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className={row.strong ? 'text-right font-semibold text-brand-ink' : 'text-right break-words'}>
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Back</AlertDialogCancel>
          <Button variant={destructive ? 'destructive' : 'default'} onClick={onConfirm} disabled={pending}>
            {pending && <Spinner />}
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
