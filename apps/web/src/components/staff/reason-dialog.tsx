import * as React from 'react';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { Button, type ButtonProps } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorFields, errorMessage } from '@/lib/api';

export interface ReasonDialogProps {
  /** The trigger's and the submit button's label, e.g. "Suspend Account". */
  label: string;
  icon: React.ReactNode;
  variant?: ButtonProps['variant'];
  title: string;
  /** What the action does, said before the staff member confirms it (paragraphs). */
  description: React.ReactNode;
  /** What an empty reason is told: the same text the server answers with. */
  requiredMessage: string;
  /** The server's longest reason; the field takes no more. */
  maxLength: number;
  /** Sends the reason (a mutation's `mutate`), calling back once it is done or refused. */
  send: (reason: string, callbacks: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
  pending: boolean;
  /** The success toast's title. */
  done: string;
  /** The failure toast when the server's answer names no field. */
  failed: string;
}

/**
 * A staff action that asks for the reason first (suspending an account, releasing a held withdrawal...):
 * the reason is required, kept in the audit trail, and a refusal of it is shown under the field.
 */
export function ReasonDialog({
  label,
  icon,
  variant = 'outline',
  title,
  description,
  requiredMessage,
  maxLength,
  send,
  pending,
  done,
  failed,
}: ReasonDialogProps) {
  const [open, setOpen] = React.useState(false);
  const [reason, setReason] = React.useState('');
  const [error, setError] = React.useState<string | undefined>();
  const id = React.useId();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(requiredMessage);
      return;
    }
    send(reason, {
      onSuccess: () => {
        toast({ title: done });
        setOpen(false);
      },
      onError: (err) => {
        const field = errorFields(err).reason;
        if (field) setError(field);
        else toastError(errorMessage(err, failed));
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setReason('');
          setError(undefined);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant={variant}>
          {icon} {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription asChild>
              <div className="grid gap-2">{description}</div>
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>Reason (required)</Label>
            <Textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={maxLength}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (error) setError(undefined);
              }}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <FieldError id={`${id}-error`} message={error} />
            <p className="text-xs text-muted-foreground">Kept in the audit trail with your name.</p>
          </div>
          <DialogFormFooter submitLabel={label} pending={pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
