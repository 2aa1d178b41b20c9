import * as React from 'react';
import { Link } from 'wouter';
import { KeyRound, Smartphone } from 'lucide-react';
import type { TUser } from '@holdfast/contracts';
import { BACKUP_CODE_PATTERN, TWO_FACTOR_CODE_LENGTH, TWO_FACTOR_MESSAGES as M } from '@holdfast/contracts/constants';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/code-input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorCode, errorMessage } from '@/lib/api';
import { resendSignInSms, useTwoFactorSignIn } from '@/lib/auth';
import { usePublicConfig } from '@/lib/config';
import { FormError } from './form-error';

import type { SignInChallenge } from '../lib/challenge';

export { isChallenge, type SignInChallenge } from '../lib/challenge';

const ERROR_ID = 'two-factor-error';

/**
 * The second step of sign-in (/login and /admin/login): the 6-digit code from the authenticator app or
 * the SMS, or one of the backup codes. `onRestart` goes back to the password when the step has expired.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: SignInChallenge;
  onSignedIn: (user: TUser) => void;
  onRestart: () => void;
}) {
  const signIn = useTwoFactorSignIn();
  const { config } = usePublicConfig();
  const [backup, setBackup] = React.useState(false);
  const [code, setCode] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [resending, setResending] = React.useState(false);
  const inputRef = React.useRef<HTMLInputElement>(null);

  const valid = backup ? BACKUP_CODE_PATTERN.test(code.trim()) : code.length === TWO_FACTOR_CODE_LENGTH;
  const sms = challenge.method === 'sms';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid || signIn.isPending) return;
    setError(null);
    try {
      const result = await signIn.mutateAsync({ code: code.trim() });
      onSignedIn(result.user);
    } catch (err) {
      if (errorCode(err) === 'TWO_FACTOR_CHALLENGE_EXPIRED') {
        toastError(M.challengeExpired);
        onRestart();
        return;
      }
      const message = errorMessage(err, M.invalidCode);
      setError(message === 'Invalid backup code' ? M.invalidCode : message);
      setCode('');
      inputRef.current?.focus();
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      await resendSignInSms();
      toast({
        title: M.codeSent,
        description: `A new code is on its way to ${challenge.phoneNumber ?? 'your phone'}.`,
      });
    } catch (err) {
      toastError(errorMessage(err, M.sendSmsFailed));
    } finally {
      setResending(false);
    }
  };

  const switchMode = () => {
    setBackup((b) => !b);
    setCode('');
    setError(null);
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-describedby={error ? ERROR_ID : undefined}>
      <div className="flex items-start gap-3 rounded-lg border bg-card px-4 py-3 text-sm">
        {sms ? (
          <Smartphone className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        ) : (
          <KeyRound className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        )}
        <p className="text-muted-foreground">
          {backup
            ? 'Enter one of the backup codes you saved when you turned on two-factor authentication. Each works once.'
            : sms
              ? `We sent a 6-digit code to ${challenge.phoneNumber ?? 'your phone'}. It expires in 5 minutes.`
              : 'Open your authenticator app and enter the 6-digit code it shows for Holdfast.'}
        </p>
      </div>
      <FormError id={ERROR_ID} message={error} />
      <div className="space-y-2">
        <Label htmlFor="two-factor-code">{backup ? 'Backup code' : 'Verification code'}</Label>
        <CodeInput
          ref={inputRef}
          id="two-factor-code"
          autoFocus
          backup={backup}
          value={code}
          aria-invalid={error ? true : undefined}
          onValueChange={setCode}
        />
      </div>
      <Button type="submit" className="w-full" size="lg" disabled={!valid || signIn.isPending}>
        {signIn.isPending && <Spinner />}
        {signIn.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button type="button" variant="link" className="h-auto px-0" onClick={switchMode}>
          {backup ? 'Use a verification code' : 'Use a backup code'}
        </Button>
        {sms && !backup && (
          <Button type="button" variant="link" className="h-auto px-0" onClick={resend} disabled={resending}>
            {resending ? 'Sending...' : 'Send a new code'}
          </Button>
        )}
      </div>
      {sms && config.devMailbox && (
        <p className="text-center text-xs text-muted-foreground">
          Development: text messages appear in the{' '}
          <a href="/dev/mailbox" target="_blank" rel="noreferrer" className="text-primary underline">
            development mailbox
          </a>
          .
        </p>
      )}
      <p className="text-center text-sm text-muted-foreground">
        <Link
          href="#"
          onClick={(e) => {
            e.preventDefault();
            onRestart();
          }}
          className="font-medium text-primary hover:underline"
        >
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
