import * as React from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { AlertCircle, KeyRound } from 'lucide-react';
import { MESSAGES, PASSWORD_CHANGE_MESSAGES as P, ZChangePasswordRequest } from '@holdfast/contracts';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import {
  errorMessages,
  fieldErrorView,
  showServerFieldErrors,
  FOCUS_FIRST_ERROR_ONCE,
  focusingFirstError,
} from '@/lib/form';
import { useChangePassword } from '../api/change-password';

/** The request plus the repeated new password, checked here before anything is sent. */
const ZChangePasswordForm = ZChangePasswordRequest.extend({
  confirmPassword: z.string().min(1, P.required),
}).refine((v) => v.newPassword === v.confirmPassword, {
  message: MESSAGES.register.passwordsDoNotMatch,
  path: ['confirmPassword'],
});
type FormValues = z.infer<typeof ZChangePasswordForm>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
/** One message at a time, in the registration form's order. */
const ORDER: string[] = [P.required, MESSAGES.register.passwordsDoNotMatch, MESSAGES.register.passwordTooShort];
const ERROR_ID = 'change-password-error';
const EMPTY: FormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change the password with the current one (POST /api/auth/change-password); other sessions end. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const [error, setError] = React.useState<string | null>(null);
  const form = useForm<FormValues>({
    ...FOCUS_FIRST_ERROR_ONCE,
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: EMPTY,
  });

  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    const messages = errorMessages(invalid);
    setError(ORDER.find((m) => messages.includes(m)) ?? messages[0] ?? P.required);
  };
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      toast({ title: P.changed, description: 'You were signed out on every other device.' });
    } catch (err) {
      const named = showServerFieldErrors(err, form.setError, FIELDS);
      // A message the server tied to a field shows under it; anything else in the alert.
      setError(named ? null : errorMessage(err, P.failed));
    }
  }, focusingFirstError(onInvalid));

  const view = (name: (typeof FIELDS)[number], hint?: string) => {
    const id = `change-password-${name}`;
    const { message, ...aria } = fieldErrorView(form.formState.errors[name], error, {
      summary: ERROR_ID,
      message: `${id}-error`,
      hint,
    });
    return { id, aria, error: <FieldError id={`${id}-error`} message={message} /> };
  };
  const current = view('currentPassword');
  const next = view('newPassword', 'change-password-hint');
  const confirm = view('confirmPassword');
  const pending = form.formState.isSubmitting;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" aria-hidden="true" />
          Change Password
        </CardTitle>
        <CardDescription>
          Changing your password signs you out on every other device and browser. You stay signed in here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
          {error && (
            <Alert id={ERROR_ID} variant="destructive">
              <AlertCircle aria-hidden="true" />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          <div className="space-y-2">
            <Label htmlFor={current.id}>Current Password</Label>
            <PasswordInput
              id={current.id}
              autoComplete="current-password"
              {...current.aria}
              {...form.register('currentPassword')}
            />
            {current.error}
          </div>
          <div className="space-y-2">
            <Label htmlFor={next.id}>New Password</Label>
            <PasswordInput id={next.id} autoComplete="new-password" {...next.aria} {...form.register('newPassword')} />
            {next.error}
            <p id="change-password-hint" className="text-xs text-muted-foreground">
              At least 6 characters, and not easy to guess.
            </p>
          </div>
          <div className="space-y-2">
            <Label htmlFor={confirm.id}>Confirm New Password</Label>
            <PasswordInput
              id={confirm.id}
              autoComplete="new-password"
              {...confirm.aria}
              {...form.register('confirmPassword')}
            />
            {confirm.error}
          </div>
          <Button type="submit" disabled={pending} className="w-full sm:w-auto">
            {pending && <Spinner />}
            {pending ? 'Changing...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
