import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

interface DialogFormFooterProps {
  submitLabel: string;
  /** Shown on the submit button while the call runs; defaults to the submit label. */
  pendingLabel?: string;
  pending: boolean;
  disabled?: boolean;
}

/** A dialog form's Cancel and submit buttons; both wait while the call runs. */
export function DialogFormFooter({ submitLabel, pendingLabel, pending, disabled = false }: DialogFormFooterProps) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending || disabled}>
        {pending && <Spinner />}
        {pending ? (pendingLabel ?? submitLabel) : submitLabel}
      </Button>
    </DialogFooter>
  );
}
