import * as React from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { KeyRound } from 'lucide-react';
import {
  MESSAGES,
  PASSWORD_CHANGE_MESSAGES as P,
  ZChangePasswordRequest,
  type TChangePasswordRequest,
  type TUser,
} from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiJson, errorMessage } from '@/lib/api';
import { AUTH_USER_QUERY_KEY, useLogout } from '@/lib/auth';
import { errorMessages, showServerFieldErrors, FOCUS_FIRST_ERROR_ONCE, focusingFirstError } from '@/lib/form';
import { AuthLayout } from '../components/auth-layout';
import { FormError } from '../components/form-error';
import { PasswordInput } from '../components/password-input';

/** The request plus the repeated new password, checked here before anything is sent. */
const ZChangePasswordForm = ZChangePasswordRequest.extend({
  confirmPassword: z.string().min(1, P.required),
}).refine((v) => v.newPassword === v.confirmPassword, {
  message: MESSAGES.register.passwordsDoNotMatch,
  path: ['confirmPassword'],
});
type FormValues = z.infer<typeof ZChangePasswordForm>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const ORDER: string[] = [P.required, MESSAGES.register.passwordsDoNotMatch];

const changePassword = (body: TChangePasswordRequest) =>
  apiJson<{ user: TUser }>('POST', '/api/auth/change-password', body);

/**
 * Shown instead of the app while the signed-in account still has the temporary password it was created
 * with (a moderator made by an admin): the server refuses everything else until it is replaced.
 */
export function ChangePasswordPage({ user }: { user: TUser }) {
  const queryClient = useQueryClient();
  const { logout, isPending: signingOut } = useLogout();
  const [error, setError] = React.useState<string | null>(null);
  const form = useForm<FormValues>({
    ...FOCUS_FIRST_ERROR_ONCE,
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: ({ user: next }) => {
      toast({ title: P.changed, description: 'Welcome to Holdfast.' });
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, next);
    },
  });
  React.useEffect(() => {
    document.title = 'Choose a New Password · Holdfast';
  }, []);

  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    const messages = errorMessages(invalid);
    setError(ORDER.find((m) => messages.includes(m)) ?? messages[0] ?? P.required);
  };
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
    } catch (err) {
      showServerFieldErrors(err, form.setError, FIELDS);
      setError(errorMessage(err, P.failed));
    }
  }, focusingFirstError(onInvalid));

  const field = (name: (typeof FIELDS)[number]) => ({
    id: `change-${name}`,
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? `change-${name}-error` : undefined,
    ...form.register(name),
  });
  const fieldError = (name: (typeof FIELDS)[number]) =>
    errors[name]?.message !== error ? <FieldError id={`change-${name}-error`} message={errors[name]?.message} /> : null;
  const pending = form.formState.isSubmitting;

  return (
    <AuthLayout
      title="Choose a new password"
      description="You signed in with a temporary password. Choose your own to continue."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <p className="rounded-lg border bg-card px-4 py-3 text-sm text-muted-foreground">
          Signed in as <span className="font-medium text-foreground [overflow-wrap:anywhere]">{user.email}</span>
        </p>
        <FormError id="change-error" message={error} />
        <div className="space-y-2">
          <Label htmlFor="change-currentPassword">Temporary Password</Label>
          <PasswordInput autoComplete="current-password" {...field('currentPassword')} />
          {fieldError('currentPassword')}
        </div>
        <div className="space-y-2">
          <Label htmlFor="change-newPassword">New Password</Label>
          <PasswordInput autoComplete="new-password" {...field('newPassword')} />
          {fieldError('newPassword')}
        </div>
        <div className="space-y-2">
          <Label htmlFor="change-confirmPassword">Confirm New Password</Label>
          <PasswordInput autoComplete="new-password" {...field('confirmPassword')} />
          {fieldError('confirmPassword')}
        </div>
        <Button type="submit" className="w-full" size="lg" disabled={pending}>
          {pending ? <Spinner /> : <KeyRound aria-hidden="true" />}
          {pending ? 'Saving...' : 'Save New Password'}
        </Button>
        <Button type="button" variant="ghost" className="w-full" onClick={() => void logout()} disabled={signingOut}>
          Sign Out
        </Button>
      </form>
    </AuthLayout>
  );
}
