import type * as React from 'react';
import { ADMIN_REASON_MAX_LENGTH, ADMIN_USER_MESSAGES as M } from '@holdfast/contracts';
import { ReasonDialog } from '@/components/staff/reason-dialog';
import type { ButtonProps } from '@/components/ui/button';
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
export function UserActionDialog({ userId, action, ...texts }: UserActionDialogProps) {
  const mutation = useAdminUserAction(userId);
  return (
    <ReasonDialog
      {...texts}
      requiredMessage={M.reasonRequired}
      maxLength={ADMIN_REASON_MAX_LENGTH}
      send={(reason, callbacks) => mutation.mutate({ action, reason }, callbacks)}
      pending={mutation.isPending}
      failed={M.actionFailed}
    />
  );
}
