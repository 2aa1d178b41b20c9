import * as React from 'react';
import { Link } from 'wouter';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, Send } from 'lucide-react';
import {
  ACCOUNT_SECURITY_MESSAGES as M,
  MESSAGES,
  ZForgotPasswordRequest,
  type TForgotPasswordRequest,
} from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { fieldErrorView, showServerFieldErrors, FOCUS_FIRST_ERROR_ONCE, focusingFirstError } from '@/lib/form';
import { useForgotPassword } from '../api/forgot-password';
import { AuthLayout } from '../components/auth-layout';
import { FormError } from '../components/form-error';

const ERROR_ID = 'forgot-error';

/** /forgot-password: asks for the address, then says the same thing whether or not an account has it. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const form = useForm<TForgotPasswordRequest>({
    ...FOCUS_FIRST_ERROR_ONCE,
    resolver: zodResolver(ZForgotPasswordRequest),
    defaultValues: { email: '' },
  });
  const onInvalid = (errors: FieldErrors<TForgotPasswordRequest>) =>
    setError(errors.email?.message ?? MESSAGES.register.allRequired);
  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await forgot.mutateAsync({ email });
      setSentTo(email.trim());
    } catch (err) {
      showServerFieldErrors(err, form.setError, ['email']);
      setError(errorMessage(err, M.forgot.failed));
    }
  }, focusingFirstError(onInvalid));

  if (sentTo) {
    return (
      <AuthLayout title="Check your email" description={M.forgot.sent}>
        <div className="space-y-5">
          <div className="flex items-start gap-3 rounded-lg border bg-card p-4 text-sm">
            <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div className="min-w-0 space-y-1">
              <p className="font-medium [overflow-wrap:anywhere]">{sentTo}</p>
              <p className="text-muted-foreground">
                Open the link in the email to choose a new password. Nothing after a few minutes? Look in your spam
                folder, or check the address and send it again.
              </p>
            </div>
          </div>
          <Button type="button" variant="outline" className="w-full" onClick={() => setSentTo(null)}>
            Send It Again
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

  const { message, ...aria } = fieldErrorView(form.formState.errors.email, error, {
    summary: ERROR_ID,
    message: 'forgot-email-error',
  });
  const pending = form.formState.isSubmitting;
  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <FormError id={ERROR_ID} message={error} />
        <div className="space-y-2">
          <Label htmlFor="forgot-email">Email</Label>
          <Input
            id="forgot-email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...aria}
            {...form.register('email')}
          />
          <FieldError id="forgot-email-error" message={message} />
        </div>
        <Button type="submit" className="w-full" size="lg" disabled={pending}>
          {pending ? <Spinner /> : <Send aria-hidden="true" />}
          {pending ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Remembered it?{' '}
          <Link href="/login" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
