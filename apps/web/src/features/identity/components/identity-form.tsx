import * as React from 'react';
import { Upload } from 'lucide-react';
import {
  documentNeedsBack,
  IDENTITY_DOCUMENT_ACCEPT,
  IDENTITY_DOCUMENT_TYPE_LABELS,
  IDENTITY_DOCUMENT_TYPES,
  IDENTITY_FILE_LABELS,
  IDENTITY_FILE_MAX_BYTES,
  IDENTITY_MESSAGES as M,
  IDENTITY_SELFIE_ACCEPT,
  ZIdentitySubmissionFields,
  type TIdentityDocumentType,
  type TIdentityFileKind,
  type TIdentitySubmission,
} from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorFields, errorMessage } from '@/lib/api';
import { useSubmitIdentity } from '../api/identity';
import { COUNTRIES, countryName } from '../lib/countries';

type TextField = 'legalName' | 'dateOfBirth' | 'addressLine' | 'city' | 'postalCode' | 'country';
type Errors = Partial<Record<TextField | 'documentType' | TIdentityFileKind, string>>;

const TEXT_FIELDS: Array<{ name: Exclude<TextField, 'country'>; label: string; autoComplete: string; wide?: boolean }> =
  [
    { name: 'legalName', label: 'Legal name (as on the document)', autoComplete: 'name', wide: true },
    { name: 'dateOfBirth', label: 'Date of birth', autoComplete: 'bday' },
    { name: 'addressLine', label: 'Street address', autoComplete: 'street-address', wide: true },
    { name: 'city', label: 'City', autoComplete: 'address-level2' },
    { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  ];

/** The submission form: what the person types, the document (front, back where it has one) and a selfie. */
export function IdentityForm({
  collectsDocuments,
  previous,
}: {
  collectsDocuments: boolean;
  /** A rejected submission: its details are filled in again (the files are chosen anew). */
  previous?: TIdentitySubmission | null;
}) {
  const submit = useSubmitIdentity();
  const [values, setValues] = React.useState<Record<TextField, string>>({
    legalName: previous?.legalName ?? '',
    dateOfBirth: previous?.dateOfBirth ?? '',
    addressLine: previous?.addressLine ?? '',
    city: previous?.city ?? '',
    postalCode: previous?.postalCode ?? '',
    country: previous?.country ?? 'ZA',
  });
  const [documentType, setDocumentType] = React.useState<TIdentityDocumentType>(
    previous?.documentType ?? 'national_id',
  );
  const [files, setFiles] = React.useState<Partial<Record<TIdentityFileKind, File>>>({});
  const [errors, setErrors] = React.useState<Errors>({});
  const kinds: TIdentityFileKind[] = collectsDocuments
    ? ['front', ...(documentNeedsBack(documentType) ? (['back'] as const) : []), 'selfie']
    : [];

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    const parsed = ZIdentitySubmissionFields.safeParse({ ...values, documentType });
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as TextField] ??= issue.message;
    for (const kind of kinds) {
      const file = files[kind];
      if (!file) found[kind] = M.fileMissing(IDENTITY_FILE_LABELS[kind]);
      else if (file.size > IDENTITY_FILE_MAX_BYTES) found[kind] = M.tooLarge;
    }
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`identity-${first}`)?.focus();
      toastError(Object.values(found)[0]);
      return;
    }
    const chosen = Object.fromEntries(kinds.map((k) => [k, files[k]]));
    submit.mutate(
      { fields: { ...values, documentType }, files: chosen },
      {
        onSuccess: (answer) => {
          if (answer.redirectUrl) {
            window.location.assign(answer.redirectUrl);
            return;
          }
          toast({ title: M.submitted, description: 'We tell you in the bell and by email once it is reviewed.' });
        },
        onError: (err) => {
          setErrors(errorFields(err) as Errors);
          toastError(errorMessage(err, 'Your documents could not be submitted. Try again.'));
        },
      },
    );
  };

  const described = (name: keyof Errors, hint?: boolean) => ({
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby':
      [hint ? `identity-${name}-hint` : '', errors[name] ? `identity-${name}-error` : ''].filter(Boolean).join(' ') ||
      undefined,
  });
  const error = (name: keyof Errors) => <FieldError id={`identity-${name}-error`} message={errors[name]} />;
  const pending = submit.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Submit your identity documents</CardTitle>
        <CardDescription>
          {collectsDocuments
            ? 'Photos (JPEG, PNG or WebP) or a PDF scan of your document, at most 10 MB each. Only you and our verification team can see them.'
            : 'After these details you continue on our verification partner’s page to photograph your document and take a selfie.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Identity verification">
          <div className="grid gap-5 sm:grid-cols-2">
            {TEXT_FIELDS.map((f) => (
              <div key={f.name} className={`grid content-start gap-2 ${f.wide ? 'sm:col-span-2' : ''}`}>
                <Label htmlFor={`identity-${f.name}`}>{f.label}</Label>
                <Input
                  id={`identity-${f.name}`}
                  name={f.name}
                  type={f.name === 'dateOfBirth' ? 'date' : 'text'}
                  autoComplete={f.autoComplete}
                  value={values[f.name]}
                  onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                  {...described(f.name)}
                />
                {error(f.name)}
              </div>
            ))}
            <div className="grid content-start gap-2">
              <Label htmlFor="identity-country">Country</Label>
              <Select value={values.country} onValueChange={(country) => setValues((v) => ({ ...v, country }))}>
                <SelectTrigger id="identity-country" className="w-full" {...described('country')}>
                  <SelectValue placeholder="Choose a country">{countryName(values.country)}</SelectValue>
                </SelectTrigger>
                <SelectContent>
                  {COUNTRIES.map((code) => (
                    <SelectItem key={code} value={code}>
                      {countryName(code)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {error('country')}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor="identity-documentType">Identity document</Label>
              <Select value={documentType} onValueChange={(v) => setDocumentType(v as TIdentityDocumentType)}>
                <SelectTrigger id="identity-documentType" className="w-full" {...described('documentType')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {IDENTITY_DOCUMENT_TYPES.map((t) => (
                    <SelectItem key={t} value={t}>
                      {IDENTITY_DOCUMENT_TYPE_LABELS[t]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {error('documentType')}
            </div>
            {kinds.map((kind) => (
              <div key={kind} className="grid content-start gap-2">
                <Label htmlFor={`identity-${kind}`}>{IDENTITY_FILE_LABELS[kind]}</Label>
                <Input
                  id={`identity-${kind}`}
                  name={kind}
                  type="file"
                  className="h-auto py-1.5"
                  accept={kind === 'selfie' ? IDENTITY_SELFIE_ACCEPT : IDENTITY_DOCUMENT_ACCEPT}
                  {...(kind === 'selfie' ? { capture: 'user' as const } : {})}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    setFiles((f) => ({ ...f, [kind]: file }));
                  }}
                  {...described(kind, true)}
                />
                <p id={`identity-${kind}-hint`} className="text-sm text-muted-foreground">
                  {kind === 'selfie'
                    ? 'A clear photo of your face, without glasses or a hat.'
                    : kind === 'back'
                      ? 'The other side of the card.'
                      : 'The side with your photo; all four corners visible.'}
                </p>
                {error(kind)}
              </div>
            ))}
          </div>
          <Button type="submit" className="w-full sm:w-fit" disabled={pending}>
            {pending ? <Spinner /> : <Upload aria-hidden="true" />}
            {pending ? 'Submitting...' : collectsDocuments ? 'Submit for review' : 'Continue to verification'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
