import * as React from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { KeyRound, LinkIcon } from 'lucide-react';
import {
  ACCOUNT_SECURITY_MESSAGES as M,
  MESSAGES,
  REGISTER_MESSAGE_ORDER,
  ZResetPasswordRequest,
  firstMessage,
} from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { errorCode, errorMessage } from '@/lib/api';
import {
  errorMessages,
  fieldErrorView,
  showServerFieldErrors,
  FOCUS_FIRST_ERROR_ONCE,
  focusingFirstError,
} from '@/lib/form';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { FormError } from '../components/form-error';
import { PasswordInput } from '../components/password-input';
import { PASSWORD_RESET_LOGIN } from '../lib/password-reset-notice';

/** The new password twice, under the register form's rules and messages. */
const ZResetPasswordForm = z
  .object({
    newPassword: ZResetPasswordRequest.shape.newPassword,
    confirmPassword: z.string().min(1, MESSAGES.register.allRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.register.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
type FormValues = z.infer<typeof ZResetPasswordForm>;
const FIELDS = ['newPassword', 'confirmPassword'] as const;
const ERROR_ID = 'reset-error';

/** /reset-password?token=…: the page the emailed link opens. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const [linkInvalid, setLinkInvalid] = React.useState(false);
  if (!token || linkInvalid) return <InvalidLink />;
  return <ResetForm token={token} onInvalidLink={() => setLinkInvalid(true)} />;
}

function InvalidLink() {
  return (
    <AuthLayout title="This link does not work" description={M.reset.invalidToken}>
      <div className="space-y-5">
        <div className="flex items-start gap-3 rounded-lg border bg-card p-4 text-sm text-muted-foreground">
          <LinkIcon className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
          <p>A reset link works once and for one hour. Resetting the password also ends every link sent before.</p>
        </div>
        <Button asChild className="w-full" size="lg">
          <Link href="/forgot-password">Request a New Link</Link>
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          <Link href="/login" className="font-medium text-primary hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}

function ResetForm({ token, onInvalidLink }: { token: string; onInvalidLink: () => void }) {
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const [error, setError] = React.useState<string | null>(null);
  const form = useForm<FormValues>({
    ...FOCUS_FIRST_ERROR_ONCE,
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const onInvalid = (errors: FieldErrors<FormValues>) =>
    setError(firstMessage(errorMessages(errors), REGISTER_MESSAGE_ORDER) ?? null);
  const submit = form.handleSubmit(async ({ newPassword }) => {
    setError(null);
    try {
      await reset.mutateAsync({ token, newPassword });
      navigate(PASSWORD_RESET_LOGIN);
    } catch (err) {
      if (errorCode(err) === 'RESET_TOKEN_INVALID') return onInvalidLink();
      showServerFieldErrors(err, form.setError, FIELDS);
      setError(errorMessage(err, M.reset.failed));
    }
  }, focusingFirstError(onInvalid));
  const view = (name: (typeof FIELDS)[number], hint?: string) => {
    const id = `reset-${name}-error`;
    const { message, ...aria } = fieldErrorView(form.formState.errors[name], error, {
      summary: ERROR_ID,
      message: id,
      hint,
    });
    return { aria, error: <FieldError id={id} message={message} /> };
  };
  const newPassword = view('newPassword', 'reset-password-hint');
  const confirmPassword = view('confirmPassword');
  const pending = form.formState.isSubmitting;
  return (
    <AuthLayout
      title="Choose a new password"
      description="Resetting it signs your account out on every device. Then sign in with the new password."
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <FormError id={ERROR_ID} message={error} />
        <div className="space-y-2">
          <Label htmlFor="reset-new-password">New Password</Label>
          <PasswordInput
            id="reset-new-password"
            autoComplete="new-password"
            {...newPassword.aria}
            {...form.register('newPassword')}
          />
          {newPassword.error}
          <p id="reset-password-hint" className="text-xs text-muted-foreground">
            At least 6 characters.
          </p>
        </div>
        <div className="space-y-2">
          <Label htmlFor="reset-confirm-password">Confirm New Password</Label>
          <PasswordInput
            id="reset-confirm-password"
            autoComplete="new-password"
            {...confirmPassword.aria}
            {...form.register('confirmPassword')}
          />
          {confirmPassword.error}
        </div>
        <Button type="submit" className="w-full" size="lg" disabled={pending}>
          {pending ? <Spinner /> : <KeyRound aria-hidden="true" />}
          {pending ? 'Saving...' : 'Reset Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
