import * as React from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, ZLoginRequest, type TLoginRequest } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { FormError } from './form-error';
import { PasswordInput } from './password-input';

interface LoginFormProps {
  onSubmit: (values: TLoginRequest) => Promise<unknown>;
  submitLabel?: string;
  pendingLabel?: string;
  fallbackError?: string;
  footer?: React.ReactNode;
}

/** Email + password form, checked by the contract's sign-in schema before it is sent. */
export function LoginForm({
  onSubmit,
  submitLabel = 'Sign In',
  pendingLabel = 'Signing in...',
  fallbackError = MESSAGES.login.failed,
  footer,
}: LoginFormProps) {
  const [error, setError] = React.useState<string | null>(null);
  // The server's own schema checks the form first (email trimmed); then the server's message verbatim.
  const form = useForm<TLoginRequest>({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '' },
  });
  const onInvalid = (errors: FieldErrors<TLoginRequest>) =>
    setError(errors.email?.message ?? errors.password?.message ?? MESSAGES.login.required);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(values);
    } catch (err) {
      setError(errorMessage(err, fallbackError));
    }
  }, onInvalid);
  const pending = form.formState.isSubmitting;
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormError message={error} />
      <div className="space-y-2">
        <Label htmlFor="login-email">Email</Label>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.register('email')}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="login-password">Password</Label>
        <PasswordInput id="login-password" autoComplete="current-password" {...form.register('password')} />
      </div>
      <Button type="submit" className="w-full" size="lg" disabled={pending}>
        {pending && <Spinner />}
        {pending ? pendingLabel : submitLabel}
      </Button>
      {footer}
    </form>
  );
}
