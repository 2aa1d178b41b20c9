import * as React from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { validateLogin, type LoginValues } from '../lib/validate';
import { FormError } from './form-error';
import { PasswordInput } from './password-input';

interface LoginFormProps {
  onSubmit: (values: LoginValues) => Promise<unknown>;
  submitLabel?: string;
  pendingLabel?: string;
  fallbackError?: string;
  footer?: React.ReactNode;
}

/** Email + password form; client check first, then the server's message verbatim on failure. */
export function LoginForm({
  onSubmit,
  submitLabel = 'Sign In',
  pendingLabel = 'Signing in...',
  fallbackError = MESSAGES.login.failed,
  footer,
}: LoginFormProps) {
  const [error, setError] = React.useState<string | null>(null);
  const form = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });
  const submit = form.handleSubmit(async (values) => {
    const problem = validateLogin(values);
    setError(problem);
    if (problem) return;
    try {
      await onSubmit({ email: values.email.trim(), password: values.password });
    } catch (err) {
      setError(errorMessage(err, fallbackError));
    }
  });
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
