import * as React from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ShoppingCart, Store } from 'lucide-react';
import {
  MESSAGES,
  REGISTER_MESSAGE_ORDER,
  ZRegisterRequest,
  firstMessage,
  type TRegisterRequest,
} from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { FieldError } from '@/components/ui/field-error';
import { errorCode, errorMessage } from '@/lib/api';
import { errorMessages, fieldErrorView, showServerFieldErrors } from '@/lib/form';
import { cn } from '@/lib/utils';
import type { SelfRole } from '../lib/validate';
import { FormError } from './form-error';
import { PasswordInput } from './password-input';

type FormValues = z.output<typeof ZRegisterRequest>;
const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;
const ERROR_ID = 'register-error';

const ROLE_OPTIONS = [
  { value: 'buyer', label: 'Buyer', hint: 'I want to buy or hire', icon: ShoppingCart },
  { value: 'seller', label: 'Seller', hint: 'I want to sell or offer services', icon: Store },
] as const;

interface RegisterFormProps {
  initialRole: SelfRole;
  /** Receives the values as the shared schema parsed them (names and email trimmed). */
  onSubmit: (values: FormValues) => Promise<unknown>;
}

export function RegisterForm({ initialRole, onSubmit }: RegisterFormProps) {
  const [error, setError] = React.useState<string | null>(null);
  // The server's own schema checks the form; the spec shows one message at a time, in its order.
  const form = useForm<TRegisterRequest, unknown, FormValues>({
    resolver: zodResolver(ZRegisterRequest),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', role: initialRole },
  });
  const onInvalid = (errors: FieldErrors<TRegisterRequest>) =>
    setError(firstMessage(errorMessages(errors), REGISTER_MESSAGE_ORDER) ?? null);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(values);
    } catch (err) {
      const message = errorMessage(err, MESSAGES.register.failed);
      showServerFieldErrors(err, form.setError, FIELDS);
      // The address is taken: that field is the one to change.
      if (errorCode(err) === 'EMAIL_IN_USE') form.setError('email', { type: 'server', message }, { shouldFocus: true });
      setError(message);
    }
  }, onInvalid);
  // One message at a time (the alert); a field shows its own message only when the server named one.
  const view = (name: (typeof FIELDS)[number], hint?: string) => {
    const { message, ...aria } = fieldErrorView(form.formState.errors[name], error, {
      summary: ERROR_ID,
      message: `register-${name}-error`,
      hint,
    });
    return { aria, error: <FieldError id={`register-${name}-error`} message={message} /> };
  };
  const firstName = view('firstName');
  const lastName = view('lastName');
  const email = view('email');
  const password = view('password', 'register-password-hint');
  const confirmPassword = view('confirmPassword');
  const pending = form.formState.isSubmitting;
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormError id={ERROR_ID} message={error} />
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">I am joining as a</legend>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onValueChange={(v) => field.onChange(v as SelfRole)}
              className="grid grid-cols-2 gap-3"
              aria-label="Account type"
            >
              {ROLE_OPTIONS.map((option) => {
                const checked = field.value === option.value;
                return (
                  <label
                    key={option.value}
                    htmlFor={`role-${option.value}`}
                    className={cn(
                      'flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-3 transition-colors hover:border-primary/50',
                      checked && 'border-primary bg-primary/5 ring-1 ring-primary/30',
                    )}
                  >
                    <RadioGroupItem
                      id={`role-${option.value}`}
                      value={option.value}
                      aria-label={option.label}
                      aria-describedby={`role-${option.value}-hint`}
                      className="mt-0.5"
                    />
                    <span className="grid gap-0.5">
                      <span className="flex items-center gap-1.5 text-sm font-semibold">
                        <option.icon className="size-4 text-primary" aria-hidden="true" />
                        {option.label}
                      </span>
                      <span id={`role-${option.value}-hint`} className="text-xs text-muted-foreground">
                        {option.hint}
                      </span>
                    </span>
                  </label>
                );
              })}
            </RadioGroup>
          )}
        />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="register-first-name">First Name</Label>
          <Input
            id="register-first-name"
            autoComplete="given-name"
            {...firstName.aria}
            {...form.register('firstName')}
          />
          {firstName.error}
        </div>
        <div className="space-y-2">
          <Label htmlFor="register-last-name">Last Name</Label>
          <Input id="register-last-name" autoComplete="family-name" {...lastName.aria} {...form.register('lastName')} />
          {lastName.error}
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor="register-email">Email</Label>
        <Input
          id="register-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...email.aria}
          {...form.register('email')}
        />
        {email.error}
      </div>
      <div className="space-y-2">
        <Label htmlFor="register-password">Password</Label>
        <PasswordInput
          id="register-password"
          autoComplete="new-password"
          {...password.aria}
          {...form.register('password')}
        />
        {password.error}
        <p id="register-password-hint" className="text-xs text-muted-foreground">
          At least 6 characters.
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor="register-confirm-password">Confirm Password</Label>
        <PasswordInput
          id="register-confirm-password"
          autoComplete="new-password"
          {...confirmPassword.aria}
          {...form.register('confirmPassword')}
        />
        {confirmPassword.error}
      </div>
      <Button type="submit" className="w-full" size="lg" disabled={pending}>
        {pending && <Spinner />}
        {pending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
