import * as React from 'react';
import type { TLoginRequest } from '@holdfast/contracts';
import { MESSAGES, type TErrorCode } from '@holdfast/contracts/constants';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { FieldError } from '@/components/ui/field-error';
import { errorCode, errorMessage } from '@/lib/api';
import { lazyCheck, useCheckedForm } from '@/lib/checked-form';
import { fieldErrorView, showServerFieldErrors } from '@/lib/form';
import { FormError } from './form-error';
import { PasswordInput } from './password-input';

const FIELDS = ['email', 'password'] as const;
const check = lazyCheck(() => import('../lib/schemas').then((m) => m.checkLogin));
const ERROR_ID = 'login-error';
/** The field a refused sign-in is about, by the server's code. */
const FIELD_OF_CODE: Partial<Record<TErrorCode, (typeof FIELDS)[number]>> = {
  ACCOUNT_NOT_FOUND: 'email',
  WRONG_PASSWORD: 'password',
};

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
  const form = useCheckedForm({
    fields: FIELDS,
    check,
    onInvalid: (errors) => setError(errors.email?.message ?? errors.password?.message ?? MESSAGES.login.required),
    onValid: async (values) => {
      setError(null);
      try {
        await onSubmit(values);
      } catch (err) {
        const message = errorMessage(err, fallbackError);
        showServerFieldErrors(err, form.setError, FIELDS);
        const code = errorCode(err);
        const field = code && FIELD_OF_CODE[code];
        if (field) form.setError(field, { type: 'server', message }, { shouldFocus: true });
        setError(message);
      }
    },
  });
  const view = (name: (typeof FIELDS)[number]) => {
    const id = `login-${name}-error`;
    const { message, ...aria } = fieldErrorView(form.errors[name], error, { summary: ERROR_ID, message: id });
    return { aria, error: <FieldError id={id} message={message} /> };
  };
  const email = view('email');
  const password = view('password');
  const pending = form.pending;
  return (
    <form
      ref={form.ref}
      onSubmit={form.onSubmit}
      onChange={form.onChange}
      onFocus={check.preload}
      noValidate
      className="space-y-5"
    >
      <FormError id={ERROR_ID} message={error} />
      <div className="space-y-2">
        <Label htmlFor="login-email">Email</Label>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...email.aria}
          name="email"
        />
        {email.error}
      </div>
      <div className="space-y-2">
        <Label htmlFor="login-password">Password</Label>
        <PasswordInput id="login-password" autoComplete="current-password" {...password.aria} name="password" />
        {password.error}
      </div>
      <Button type="submit" className="w-full" size="lg" disabled={pending}>
        {pending && <Spinner />}
        {pending ? pendingLabel : submitLabel}
      </Button>
      {footer}
    </form>
  );
}
