import * as React from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { Link, useSearch } from 'wouter';
import { AlertCircle, ArrowLeft, CheckCircle2, Clock, Mail, Scale, UserCheck } from 'lucide-react';
import {
  APPLICATION_MESSAGES,
  APPLICATION_TEXT_MAX_LENGTH,
  ZModeratorApplicationRequest,
  type TModeratorApplicationReceipt,
  type TModeratorApplicationRequest,
} from '@holdfast/contracts';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NoticeCard } from '@/components/ui/notice-card';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { apiJson, errorMessage } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { errorMessages, showServerFieldErrors, FOCUS_FIRST_ERROR_ONCE, focusingFirstError } from '@/lib/form';

type FormInput = TModeratorApplicationRequest;
type FormOutput = z.output<typeof ZModeratorApplicationRequest>;
type FieldName = keyof FormInput & string;

const M = APPLICATION_MESSAGES;
const FIELD_NAMES: FieldName[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'experience',
  'motivation',
  'availability',
  'languages',
];
/** The spec's order: missing fields are named before a malformed address. */
const MESSAGE_ORDER: string[] = [M.required, M.invalidEmail];

const submitApplication = (body: FormOutput) =>
  apiJson<TModeratorApplicationReceipt>('POST', '/api/moderator-applications', body);

/** "Title: description" texts of the spec become a toast's title and description. */
function toastText(text: string, variant?: 'destructive') {
  const at = text.indexOf(': ');
  if (at < 0) return toast({ variant, title: variant ? 'Error' : text, description: variant ? text : undefined });
  return toast({ variant, title: text.slice(0, at), description: text.slice(at + 2) });
}

/** The public moderator application (signed out or in): a form, then 'Application Submitted!'. */
export function ModeratorApplicationPage() {
  const [submitted, setSubmitted] = React.useState<TModeratorApplicationReceipt | null>(null);
  const confirmed = new URLSearchParams(useSearch()).get('confirmed');
  const { user } = useUser();
  // Staff are already on the team: no call to apply (issue 31).
  if (user && (user.role === 'moderator' || user.role === 'admin')) {
    return (
      <NoticeCard
        asPageTitle
        tone="info"
        icon={<UserCheck />}
        title="You are already on the team"
        description="Moderators and admins do not apply. What waits for you is on your dashboard."
        className="mt-8"
      >
        <Button asChild>
          <Link href="/dashboard">Go to Dashboard</Link>
        </Button>
      </NoticeCard>
    );
  }
  return (
    <div className="mx-auto w-full max-w-3xl">
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4">
        <Link href="/">
          <ArrowLeft aria-hidden="true" /> Back to Home
        </Link>
      </Button>
      {submitted ? (
        <Submitted receipt={submitted} />
      ) : confirmed === '1' ? (
        <Confirmed />
      ) : (
        <>
          {confirmed === '0' && (
            <Alert variant="destructive" className="mb-6">
              <AlertCircle aria-hidden="true" />
              <AlertDescription>{M.confirmationInvalid}</AlertDescription>
            </Alert>
          )}
          <ApplicationForm onSubmitted={setSubmitted} />
        </>
      )}
    </div>
  );
}

/** After the emailed link (GET /api/moderator-applications/confirm redirects here with ?confirmed=1). */
function Confirmed() {
  return (
    <NoticeCard asPageTitle tone="success" icon={<CheckCircle2 />} title={M.confirmed} description={M.reviewTime}>
      <Button asChild>
        <Link href="/">Back to Home</Link>
      </Button>
    </NoticeCard>
  );
}

function Submitted({ receipt }: { receipt: TModeratorApplicationReceipt }) {
  return (
    <NoticeCard
      asPageTitle
      tone="success"
      icon={receipt.confirmationRequired ? <Mail /> : <CheckCircle2 />}
      title={M.submitted}
      description={
        receipt.confirmationRequired ? (
          <>
            {M.confirmAddress} <strong className="[overflow-wrap:anywhere]">{receipt.email}</strong>. {M.reviewTime}
          </>
        ) : (
          <>
            Thank you for applying. {M.reviewTime} We will write to{' '}
            <strong className="[overflow-wrap:anywhere]">{receipt.email}</strong> with the decision.
          </>
        )
      }
    >
      <Button asChild>
        <Link href="/">Back to Home</Link>
      </Button>
    </NoticeCard>
  );
}

function ApplicationForm({ onSubmitted }: { onSubmitted: (receipt: TModeratorApplicationReceipt) => void }) {
  const { user } = useUser();
  const submit = useMutation({ mutationFn: submitApplication });
  const form = useForm<FormInput, unknown, FormOutput>({
    ...FOCUS_FIRST_ERROR_ONCE,
    resolver: zodResolver(ZModeratorApplicationRequest),
    mode: 'onTouched',
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      phone: '',
      experience: '',
      motivation: '',
      availability: '',
      languages: '',
    },
  });
  const { errors } = form.formState;

  const onInvalid = (invalid: FieldErrors<FormInput>) => {
    const messages = errorMessages(invalid);
    const first = MESSAGE_ORDER.find((m) => messages.includes(m)) ?? messages[0] ?? M.required;
    toastText(first, 'destructive');
  };
  const onSubmit = form.handleSubmit((values) => {
    submit.mutate(values, {
      onSuccess: (receipt) => {
        toast({ title: 'Application Submitted' });
        onSubmitted(receipt);
        window.scrollTo({ top: 0 });
      },
      onError: (err) => {
        showServerFieldErrors(err, form.setError, FIELD_NAMES);
        toast({
          variant: 'destructive',
          title: 'Submission Failed',
          description: errorMessage(err, 'Failed to submit application'),
        });
      },
    });
  }, focusingFirstError(onInvalid));

  const field = (name: FieldName) => ({
    id: `application-${name}`,
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? `application-${name}-error` : undefined,
    ...form.register(name),
  });
  const error = (name: FieldName) => <FieldError id={`application-${name}-error`} message={errors[name]?.message} />;
  const pending = submit.isPending;

  return (
    <>
      <PageHeader
        title="Become a Moderator"
        description="Help buyers and sellers resolve disputes fairly and keep Holdfast trustworthy."
        icon={<UserCheck />}
      />
      <div className="mb-6 grid gap-3 sm:grid-cols-2">
        <div className="flex gap-3 rounded-lg border bg-card p-4 text-sm">
          <Scale className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <p>
            <span className="font-medium">What moderators do:</span>{' '}
            <span className="text-muted-foreground">review disputed transactions and decide where the money goes.</span>
          </p>
        </div>
        <div className="flex gap-3 rounded-lg border bg-card p-4 text-sm">
          <Clock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <p>
            <span className="font-medium">Review time:</span>{' '}
            <span className="text-muted-foreground">applications are reviewed within 3-5 business days.</span>
          </p>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Your Application</CardTitle>
          <CardDescription>Fields marked * are required.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="grid content-start gap-2">
                <Label htmlFor="application-firstName">First Name *</Label>
                <Input autoComplete="given-name" {...field('firstName')} />
                {error('firstName')}
              </div>
              <div className="grid content-start gap-2">
                <Label htmlFor="application-lastName">Last Name *</Label>
                <Input autoComplete="family-name" {...field('lastName')} />
                {error('lastName')}
              </div>
              <div className="grid content-start gap-2">
                <Label htmlFor="application-email">Email *</Label>
                <Input type="email" autoComplete="email" placeholder="you@example.com" {...field('email')} />
                {error('email')}
              </div>
              <div className="grid content-start gap-2">
                <Label htmlFor="application-phone">Phone (optional)</Label>
                <Input type="tel" autoComplete="tel" placeholder="+27 82 123 4567" {...field('phone')} />
                {error('phone')}
              </div>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="application-experience">Relevant Experience *</Label>
              <Textarea
                rows={4}
                maxLength={APPLICATION_TEXT_MAX_LENGTH}
                placeholder="Moderation, customer support, mediation, e-commerce..."
                {...field('experience')}
              />
              {error('experience')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="application-motivation">Why do you want to be a moderator? *</Label>
              <Textarea rows={4} maxLength={APPLICATION_TEXT_MAX_LENGTH} {...field('motivation')} />
              {error('motivation')}
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="grid content-start gap-2">
                <Label htmlFor="application-availability">Availability *</Label>
                <Input placeholder="e.g. 15 hours a week, evenings" {...field('availability')} />
                {error('availability')}
              </div>
              <div className="grid content-start gap-2">
                <Label htmlFor="application-languages">Languages *</Label>
                <Input placeholder="e.g. English, isiZulu" {...field('languages')} />
                {error('languages')}
              </div>
            </div>
            <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={pending}>
              {pending && <Spinner />}
              {pending ? 'Submitting...' : 'Submit Application'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </>
  );
}
