import { CheckCircle2 } from 'lucide-react';
import { ACCOUNT_SECURITY_MESSAGES } from '@holdfast/contracts/constants';
import { cameFromPasswordReset } from '../lib/password-reset-notice';

/** On the sign-in page right after a password reset: says it worked and what to do now. */
export function PasswordResetNotice() {
  if (!cameFromPasswordReset(window.location.search)) return null;
  return (
    <p
      role="status"
      className="mb-5 flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
    >
      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
      {ACCOUNT_SECURITY_MESSAGES.reset.done}
    </p>
  );
}
