import * as React from 'react';
import { ADMIN_REASON_MAX_LENGTH, ADMIN_USER_MESSAGES as M } from '@holdfast/contracts';
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
import { useAdminUserAction, type AdminUserAction } from '../api/users';

interface UserActionDialogProps {
  userId: string;
  action: AdminUserAction;
  /** The trigger's and the submit button's label, e.g. "Suspend Account". */
  label: string;
  icon: React.ReactNode;
  variant?: ButtonProps['variant'];
  title: string;
  /** What the action does, said before the admin confirms it. */
  description: React.ReactNode;
  /** The success toast's title. */
  done: string;
}

/** An action on an account (suspend, reactivate, deactivate a moderator): it always asks for the reason. */
export function UserActionDialog({
  userId,
  action,
  label,
  icon,
  variant = 'outline',
  title,
  description,
  done,
}: UserActionDialogProps) {
  const [open, setOpen] = React.useState(false);
  const [reason, setReason] = React.useState('');
  const [error, setError] = React.useState<string | undefined>();
  const mutation = useAdminUserAction(userId);
  const id = React.useId();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(M.reasonRequired);
      return;
    }
    mutation.mutate(
      { action, reason },
      {
        onSuccess: () => {
          toast({ title: done });
          setOpen(false);
        },
        onError: (err) => {
          const field = errorFields(err).reason;
          if (field) setError(field);
          else toastError(errorMessage(err, M.actionFailed));
        },
      },
    );
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
              maxLength={ADMIN_REASON_MAX_LENGTH}
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
          <DialogFormFooter submitLabel={label} pending={mutation.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
