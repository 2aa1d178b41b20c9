import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Smartphone } from 'lucide-react';
import { TWO_FACTOR_CODE_LENGTH, VERIFICATION_MESSAGES as M } from '@holdfast/contracts/constants';
import { ZPhoneNumber, type TVerificationStatus } from '@holdfast/contracts';
import { CodeInput } from '@/components/code-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorCode, errorMessage } from '@/lib/api';
import {
  confirmPhoneVerification,
  invalidateVerification,
  startPhoneVerification,
} from '@/lib/queries/get-verification-status';
import { formatDateTime } from '@/lib/format';

/**
 * Phone verification (issue 30): the number with its country code, then the 6-digit code from the SMS.
 * Used on /verification and in Security Settings; each state says what happens next.
 */
export function PhoneVerificationForm({ status }: { status: TVerificationStatus }) {
  const queryClient = useQueryClient();
  const id = React.useId();
  const [phone, setPhone] = React.useState('');
  const [phoneError, setPhoneError] = React.useState<string | null>(null);
  const [code, setCode] = React.useState('');
  const [codeError, setCodeError] = React.useState<string | null>(null);
  const [changing, setChanging] = React.useState(false);
  const [sentTo, setSentTo] = React.useState<string | null>(null);

  const send = useMutation({ mutationFn: startPhoneVerification });
  const confirm = useMutation({ mutationFn: confirmPhoneVerification });
  const waiting = !!status.phoneCodeExpiresAt && !status.phoneVerified && !changing;

  const onSend = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ZPhoneNumber.safeParse(phone);
    if (!parsed.success) {
      setPhoneError('Enter your mobile number with its country code, e.g. +27 82 123 4567');
      return;
    }
    setPhoneError(null);
    send.mutate(
      { phoneNumber: parsed.data },
      {
        onSuccess: (sent) => {
          toast({ title: M.phoneCodeSent, description: `We texted a 6-digit code to ${sent.phoneNumber}.` });
          setSentTo(sent.phoneNumber);
          setChanging(false);
          setCode('');
          setCodeError(null);
          invalidateVerification(queryClient);
        },
        onError: (err) => setPhoneError(errorMessage(err, 'Failed to send SMS')),
      },
    );
  };

  const onConfirm = (e: React.FormEvent) => {
    e.preventDefault();
    if (code.length !== TWO_FACTOR_CODE_LENGTH) {
      setCodeError('Enter the 6-digit code from the SMS');
      return;
    }
    confirm.mutate(
      { code },
      {
        onSuccess: () => {
          toast({ title: M.phoneVerified, description: 'Your limits are raised.' });
          setCodeError(null);
          setSentTo(null);
          invalidateVerification(queryClient);
        },
        onError: (err) => {
          setCodeError(errorMessage(err, M.phoneCodeInvalid));
          // A spent or locked code: the number is asked for again (a new code).
          if (errorCode(err) === 'PHONE_CODE_ATTEMPTS' || errorCode(err) === 'PHONE_CODE_EXPIRED') {
            invalidateVerification(queryClient);
          }
        },
      },
    );
  };

  if (status.phoneVerified && !changing) {
    return (
      <div
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4"
        data-testid="phone-verified"
      >
        <span className="flex items-center gap-2 text-sm">
          <CheckCircle2 className="size-5 text-emerald-600" aria-hidden="true" />
          <span>
            <span className="font-medium text-brand-ink">{status.phoneNumber}</span>
            <span className="block text-muted-foreground">Your phone number is verified.</span>
          </span>
        </span>
        <div className="flex items-center gap-2">
          <Badge variant="success">Verified</Badge>
          {!status.phoneUsedForTwoFactor && (
            <Button variant="outline" size="sm" onClick={() => setChanging(true)}>
              Change number
            </Button>
          )}
        </div>
        {status.phoneUsedForTwoFactor && (
          <p className="w-full text-xs text-muted-foreground">{M.phoneUsedForTwoFactor}</p>
        )}
      </div>
    );
  }

  if (waiting || sentTo) {
    return (
      <form onSubmit={onConfirm} noValidate className="grid gap-3" aria-label="Enter the code">
        <p className="text-sm text-muted-foreground">
          We texted a 6-digit code to <span className="font-medium text-brand-ink">{sentTo ?? status.phoneNumber}</span>
          {status.phoneCodeExpiresAt ? `. It is valid until ${formatDateTime(status.phoneCodeExpiresAt)}.` : '.'}
        </p>
        <div className="grid gap-2 sm:max-w-xs">
          <Label htmlFor={`${id}-code`}>Code from the SMS</Label>
          <CodeInput
            id={`${id}-code`}
            value={code}
            onValueChange={setCode}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? `${id}-code-error` : undefined}
          />
          <FieldError id={`${id}-code-error`} message={codeError ?? undefined} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={confirm.isPending || code.length !== TWO_FACTOR_CODE_LENGTH}>
            {confirm.isPending && <Spinner />} Verify phone
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setSentTo(null);
              setChanging(true);
            }}
          >
            Use another number or send a new code
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={onSend} noValidate className="grid gap-3" aria-label="Add your phone number">
      <div className="grid gap-2 sm:max-w-sm">
        <Label htmlFor={`${id}-phone`}>Mobile number</Label>
        <Input
          id={`${id}-phone`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+27 82 123 4567"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={phoneError ? `${id}-phone-error ${id}-phone-hint` : `${id}-phone-hint`}
        />
        <FieldError id={`${id}-phone-error`} message={phoneError ?? undefined} />
        <p id={`${id}-phone-hint`} className="text-xs text-muted-foreground">
          With the country code. We send one code by SMS; standard rates may apply.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? <Spinner /> : <Smartphone aria-hidden="true" />} Text me a code
        </Button>
        {changing && (
          <Button type="button" variant="outline" onClick={() => setChanging(false)}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
