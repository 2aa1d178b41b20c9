import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { UserPlus } from 'lucide-react';
import { ADMIN_MESSAGES, ZCreateModeratorRequest, type TCreateModeratorRequest } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { errorMessages, showServerFieldErrors, FOCUS_FIRST_ERROR_ONCE, focusingFirstError } from '@/lib/form';
import { useCreateModerator } from '../api/admin';

type FormInput = TCreateModeratorRequest;
type FormOutput = z.output<typeof ZCreateModeratorRequest>;
type FieldName = keyof FormInput & string;
const FIELDS: FieldName[] = ['firstName', 'lastName', 'email', 'phone', 'tempPassword'];
const EMPTY: FormInput = { firstName: '', lastName: '', email: '', phone: '', tempPassword: '' };

/** Creates a verified moderator account; the temporary password is replaced at its first sign-in. */
export function CreateModeratorForm({ onCreated }: { onCreated?: () => void }) {
  const create = useCreateModerator();
  const form = useForm<FormInput, unknown, FormOutput>({
    ...FOCUS_FIRST_ERROR_ONCE,
    resolver: zodResolver(ZCreateModeratorRequest),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const onInvalid = (invalid: FieldErrors<FormInput>) => {
    const messages = errorMessages(invalid);
    toastError(messages.includes(ADMIN_MESSAGES.required) ? ADMIN_MESSAGES.required : messages[0]);
  };
  const onSubmit = form.handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (moderator) => {
        toast({
          title: ADMIN_MESSAGES.moderatorCreated,
          description: `${moderator.email} signs in with the temporary password and then chooses their own.`,
        });
        form.reset(EMPTY);
        onCreated?.();
      },
      onError: (err) => {
        showServerFieldErrors(err, form.setError, FIELDS);
        toastError(errorMessage(err, ADMIN_MESSAGES.createFailed));
      },
    });
  }, focusingFirstError(onInvalid));

  const field = (name: FieldName) => ({
    id: `moderator-${name}`,
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? `moderator-${name}-error` : undefined,
    ...form.register(name),
  });
  const error = (name: FieldName) => <FieldError id={`moderator-${name}-error`} message={errors[name]?.message} />;
  const pending = create.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create Moderator Account</CardTitle>
        <CardDescription>
          The account is verified and ready to use. Give the moderator the temporary password; they must choose their
          own at the first sign-in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor="moderator-firstName">First Name *</Label>
              <Input autoComplete="off" {...field('firstName')} />
              {error('firstName')}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor="moderator-lastName">Last Name *</Label>
              <Input autoComplete="off" {...field('lastName')} />
              {error('lastName')}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor="moderator-email">Email *</Label>
              <Input type="email" autoComplete="off" {...field('email')} />
              {error('email')}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor="moderator-phone">Phone (optional)</Label>
              <Input type="tel" autoComplete="off" {...field('phone')} />
              {error('phone')}
            </div>
            <div className="grid content-start gap-2 sm:col-span-2">
              <Label htmlFor="moderator-tempPassword">Temporary Password *</Label>
              <Input type="text" autoComplete="new-password" spellCheck={false} {...field('tempPassword')} />
              {error('tempPassword')}
            </div>
          </div>
          <Button type="submit" className="w-full sm:w-fit" disabled={pending}>
            {pending ? <Spinner /> : <UserPlus aria-hidden="true" />}
            {pending ? 'Creating...' : 'Create Moderator'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
