import * as React from 'react';
import type { z } from 'zod';
import { ShoppingCart, Store } from 'lucide-react';
import type { ZRegisterRequest } from '@holdfast/contracts';
import { MESSAGES, REGISTER_MESSAGE_ORDER, firstMessage } from '@holdfast/contracts/constants';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { FieldError } from '@/components/ui/field-error';
import { errorCode, errorMessage } from '@/lib/api';
import { lazyCheck, useCheckedForm } from '@/lib/checked-form';
import { errorMessages, fieldErrorView, showServerFieldErrors } from '@/lib/form';
import { cn } from '@/lib/utils';
import type { SelfRole } from '../lib/validate';
import { FormError } from './form-error';
import { PasswordInput } from './password-input';

type FormValues = z.output<typeof ZRegisterRequest>;
const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'acceptTerms'] as const;
const ERROR_ID = 'register-error';
const check = lazyCheck(() => import('../lib/schemas').then((m) => m.checkRegister));

const TERMS_LINK = 'font-medium text-primary underline underline-offset-2 hover:text-primary/80';

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
  const [role, setRole] = React.useState<SelfRole>(initialRole);
  // The server's own schema checks the form; the spec shows one message at a time, in its order.
  const form = useCheckedForm({
    fields: FIELDS,
    check,
    onInvalid: (errors) => setError(firstMessage(errorMessages(errors), REGISTER_MESSAGE_ORDER) ?? null),
    onValid: async (values: FormValues) => {
      setError(null);
      try {
        await onSubmit(values);
      } catch (err) {
        const message = errorMessage(err, MESSAGES.register.failed);
        showServerFieldErrors(err, form.setError, FIELDS);
        // The address is taken: that field is the one to change.
        if (errorCode(err) === 'EMAIL_IN_USE')
          form.setError('email', { type: 'server', message }, { shouldFocus: true });
        setError(message);
      }
    },
  });
  // One message at a time (the alert); a field shows its own message only when the server named one.
  const view = (name: (typeof FIELDS)[number], hint?: string) => {
    const { message, ...aria } = fieldErrorView(form.errors[name], error, {
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
  const acceptTerms = view('acceptTerms');
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
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">I am joining as a</legend>
        {/* Native radios (Radix's radio group is about 9 KB gzip), drawn as the shared radio item. */}
        <div role="radiogroup" aria-label="Account type" className="grid grid-cols-2 gap-3">
          {ROLE_OPTIONS.map((option) => {
            const checked = role === option.value;
            return (
              <label
                key={option.value}
                htmlFor={`role-${option.value}`}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-3 transition-colors hover:border-primary/50',
                  checked && 'border-primary bg-primary/5 ring-1 ring-primary/30',
                )}
              >
                <span className="relative mt-0.5 flex size-4 shrink-0">
                  <input
                    type="radio"
                    name="role"
                    id={`role-${option.value}`}
                    value={option.value}
                    checked={checked}
                    onChange={() => setRole(option.value)}
                    aria-label={option.label}
                    aria-describedby={`role-${option.value}-hint`}
                    className="peer size-4 shrink-0 appearance-none rounded-full border border-input bg-card shadow-xs outline-none checked:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/40"
                  />
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-0 m-auto hidden size-[7.33px] rounded-full bg-primary peer-checked:block"
                  />
                </span>
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
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="register-first-name">First Name</Label>
          <Input id="register-first-name" autoComplete="given-name" {...firstName.aria} name="firstName" />
          {firstName.error}
        </div>
        <div className="space-y-2">
          <Label htmlFor="register-last-name">Last Name</Label>
          <Input id="register-last-name" autoComplete="family-name" {...lastName.aria} name="lastName" />
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
          name="email"
        />
        {email.error}
      </div>
      <div className="space-y-2">
        <Label htmlFor="register-password">Password</Label>
        <PasswordInput id="register-password" autoComplete="new-password" {...password.aria} name="password" />
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
          name="confirmPassword"
        />
        {confirmPassword.error}
      </div>
      <div className="space-y-2">
        <div className="flex items-start gap-3">
          <input
            id="register-accept-terms"
            type="checkbox"
            name="acceptTerms"
            {...acceptTerms.aria}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          {/* The documents open in a new tab, so what was typed here stays. */}
          <label htmlFor="register-accept-terms" className="text-sm leading-snug">
            I accept the{' '}
            <a href="/terms" target="_blank" rel="noopener" className={TERMS_LINK}>
              Terms of Service<span className="sr-only"> (opens in a new tab)</span>
            </a>{' '}
            and have read the{' '}
            <a href="/privacy" target="_blank" rel="noopener" className={TERMS_LINK}>
              Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </label>
        </div>
        {acceptTerms.error}
      </div>
      <Button type="submit" className="w-full" size="lg" disabled={pending}>
        {pending && <Spinner />}
        {pending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
