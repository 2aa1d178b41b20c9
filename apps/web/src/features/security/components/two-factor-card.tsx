import * as React from 'react';
import { Copy, KeyRound, MessageSquareText, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import {
  BACKUP_CODE_PATTERN,
  TWO_FACTOR_CODE_LENGTH,
  TWO_FACTOR_MESSAGES as M,
  ZPhoneNumber,
  type TUser,
} from '@holdfast/contracts';
import { CodeInput } from '@/components/code-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useSendTwoFactorSms } from '../api/send-two-factor-sms';
import { useSetupAuthenticatorApp } from '../api/setup-authenticator-app';
import { useSetupSms } from '../api/setup-sms';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { BackupCodes } from './backup-codes';
import { groupsOfFour } from '../lib/secret';

/** The enrolment under way (spec section 4: setup step, verify step, enabled; Cancel returns to setup). */
type Pending =
  | { method: 'app'; qrCode: string; secret: string; backupCodes: string[] }
  | { method: 'sms'; phoneNumber: string; backupCodes: string[] };

/** Two-factor status, enrolment by authenticator app or SMS, the verify step, and disabling with a code. */
export function TwoFactorCard({ user }: { user: TUser }) {
  const [pending, setPending] = React.useState<Pending | null>(null);
  const [savedCodes, setSavedCodes] = React.useState<string[] | null>(null);

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
            Two-Factor Authentication
          </CardTitle>
          <Badge variant={user.twoFactorEnabled ? 'success' : 'secondary'}>
            {user.twoFactorEnabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </div>
        <CardDescription>
          {user.twoFactorEnabled
            ? `Signing in asks for a code from your ${user.twoFactorMethod === 'sms' ? `phone by SMS (${user.phoneNumber ?? ''})` : 'authenticator app'} after your password.`
            : 'Add a second step to signing in: a code from an authenticator app or a text message, so a stolen password alone cannot open your account or move your money.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {savedCodes ? (
          <BackupCodes codes={savedCodes} onDone={() => setSavedCodes(null)} />
        ) : user.twoFactorEnabled ? (
          <DisableTwoFactor user={user} />
        ) : pending ? (
          <VerifyStep
            pending={pending}
            onCancel={() => setPending(null)}
            onEnabled={() => {
              setSavedCodes(pending.backupCodes);
              setPending(null);
            }}
          />
        ) : (
          <SetupStep onStarted={setPending} />
        )}
      </CardContent>
    </Card>
  );
}

function SetupStep({ onStarted }: { onStarted: (pending: Pending) => void }) {
  const setupApp = useSetupAuthenticatorApp();
  const setupSms = useSetupSms();
  const [phone, setPhone] = React.useState('');
  const [phoneError, setPhoneError] = React.useState<string | null>(null);

  const startApp = async () => {
    try {
      const result = await setupApp.mutateAsync();
      toast({ title: M.qrGenerated, description: 'Scan it with your authenticator app, then enter the code.' });
      onStarted({ method: 'app', ...result });
    } catch (err) {
      toastError(errorMessage(err, M.setupAppFailed));
    }
  };

  const startSms = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZPhoneNumber.safeParse(phone);
    if (!parsed.success) {
      setPhoneError(M.phoneRequired);
      return;
    }
    setPhoneError(null);
    try {
      const result = await setupSms.mutateAsync({ phoneNumber: parsed.data });
      toast({ title: M.verificationCodeSent, description: `We texted a 6-digit code to ${result.phoneNumber}.` });
      onStarted({ method: 'sms', phoneNumber: result.phoneNumber, backupCodes: result.backupCodes });
    } catch (err) {
      const message = errorMessage(err, M.setupSmsFailed);
      setPhoneError(message);
      toastError(message);
    }
  };

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section className="flex flex-col gap-3 rounded-lg border p-4" aria-labelledby="setup-app-title">
        <div className="flex items-center gap-2">
          <Smartphone className="size-5 text-primary" aria-hidden="true" />
          <h3 id="setup-app-title" className="font-semibold">
            Authenticator App
          </h3>
        </div>
        <p className="text-sm text-muted-foreground">
          Use Google Authenticator, Microsoft Authenticator, 1Password or any app that shows 6-digit codes. Works
          without signal.
        </p>
        <Button className="mt-auto w-full" onClick={startApp} disabled={setupApp.isPending}>
          {setupApp.isPending && <Spinner />}
          Set Up Authenticator App
        </Button>
      </section>
      <form
        onSubmit={startSms}
        noValidate
        className="flex flex-col gap-3 rounded-lg border p-4"
        aria-labelledby="setup-sms-title"
      >
        <div className="flex items-center gap-2">
          <MessageSquareText className="size-5 text-primary" aria-hidden="true" />
          <h3 id="setup-sms-title" className="font-semibold">
            SMS
          </h3>
        </div>
        <div className="space-y-2">
          <Label htmlFor="two-factor-phone">Phone number</Label>
          <Input
            id="two-factor-phone"
            type="tel"
            autoComplete="tel"
            placeholder="+27 82 123 4567"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            aria-invalid={phoneError ? true : undefined}
            aria-describedby="two-factor-phone-hint"
          />
          <p
            id="two-factor-phone-hint"
            className={phoneError ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}
          >
            {phoneError ?? 'Include your country code, e.g. +27 for South Africa.'}
          </p>
        </div>
        <Button
          type="submit"
          variant="outline"
          className="mt-auto w-full"
          disabled={!phone.trim() || setupSms.isPending}
        >
          {setupSms.isPending && <Spinner />}
          Send Code
        </Button>
      </form>
    </div>
  );
}

function VerifyStep({
  pending,
  onCancel,
  onEnabled,
}: {
  pending: Pending;
  onCancel: () => void;
  onEnabled: () => void;
}) {
  const verify = useVerifyTwoFactor();
  const resend = useSendTwoFactorSms();
  const [code, setCode] = React.useState('');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (code.length !== TWO_FACTOR_CODE_LENGTH) return;
    try {
      await verify.mutateAsync({ code });
      toast({ title: M.enabled, description: 'Save your backup codes now: they are shown only once.' });
      onEnabled();
    } catch (err) {
      toastError(errorMessage(err, M.invalidCode));
      setCode('');
    }
  };

  const copySecret = async () => {
    if (pending.method !== 'app') return;
    try {
      await navigator.clipboard.writeText(pending.secret);
      toast({ title: 'Copied!', description: M.secretCopied });
    } catch {
      toastError('Copy failed: select the key and copy it yourself.');
    }
  };

  const resendCode = async () => {
    try {
      const result = await resend.mutateAsync();
      toast({ title: M.codeSent, description: `A new code is on its way to ${result.phoneNumber}.` });
    } catch (err) {
      toastError(errorMessage(err, M.sendSmsFailed));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {pending.method === 'app' ? (
        <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
          <img
            src={pending.qrCode}
            alt="QR code to scan with your authenticator app"
            width={192}
            height={192}
            className="size-48 shrink-0 rounded-lg border bg-white p-2"
          />
          <div className="w-full min-w-0 space-y-3 text-sm">
            <p>
              <span className="font-medium">1.</span> Scan the QR code with your authenticator app.
            </p>
            <div className="space-y-1.5">
              <p className="text-muted-foreground">Can't scan it? Type this key into the app instead.</p>
              <Label htmlFor="two-factor-secret">Secret key</Label>
              <div className="flex items-start gap-2">
                <Textarea
                  id="two-factor-secret"
                  readOnly
                  rows={2}
                  value={groupsOfFour(pending.secret)}
                  onFocus={(e) => e.currentTarget.select()}
                  className="min-h-0 flex-1 resize-none font-mono text-sm tracking-wide break-words"
                />
                <Button type="button" variant="outline" size="icon" onClick={copySecret} aria-label="Copy secret key">
                  <Copy aria-hidden="true" />
                </Button>
              </div>
            </div>
            <p>
              <span className="font-medium">2.</span> Enter the 6-digit code the app shows.
            </p>
          </div>
        </div>
      ) : (
        <p className="text-sm">
          We texted a 6-digit code to <span className="font-medium">{pending.phoneNumber}</span>. It expires in 5
          minutes.{' '}
          <Button type="button" variant="link" className="h-auto px-0" onClick={resendCode} disabled={resend.isPending}>
            {resend.isPending ? 'Sending...' : 'Send a new code'}
          </Button>
        </p>
      )}
      <div className="max-w-xs space-y-2">
        <Label htmlFor="two-factor-verify-code">Verification code</Label>
        <CodeInput id="two-factor-verify-code" value={code} onValueChange={setCode} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={code.length !== TWO_FACTOR_CODE_LENGTH || verify.isPending}>
          {verify.isPending && <Spinner />}
          Verify and Enable
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={verify.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DisableTwoFactor({ user }: { user: TUser }) {
  const disable = useDisableTwoFactor();
  const send = useSendTwoFactorSms();
  const [code, setCode] = React.useState('');
  const [backup, setBackup] = React.useState(false);
  const valid = backup ? BACKUP_CODE_PATTERN.test(code) : code.length === TWO_FACTOR_CODE_LENGTH;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    try {
      await disable.mutateAsync(code);
      toast({ title: M.disabled, description: 'Signing in now takes your password only.' });
    } catch (err) {
      toastError(errorMessage(err, M.disableFailed));
      setCode('');
    }
  };

  const sendCode = async () => {
    try {
      const result = await send.mutateAsync();
      toast({ title: M.codeSent, description: `We texted a code to ${result.phoneNumber}.` });
    } catch (err) {
      toastError(errorMessage(err, M.sendSmsFailed));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-dashed p-4">
      <div className="flex items-center gap-2">
        <ShieldOff className="size-5 text-muted-foreground" aria-hidden="true" />
        <h3 className="font-semibold">Disable two-factor authentication</h3>
      </div>
      <p className="text-sm text-muted-foreground">
        {backup
          ? 'Enter one of your backup codes.'
          : user.twoFactorMethod === 'sms'
            ? 'Send a code to your phone, then enter it to confirm.'
            : 'Enter the current code from your authenticator app to confirm.'}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="w-full max-w-xs space-y-2">
          <Label htmlFor="two-factor-disable-code">{backup ? 'Backup code' : 'Verification code'}</Label>
          <CodeInput id="two-factor-disable-code" backup={backup} value={code} onValueChange={setCode} />
        </div>
        {user.twoFactorMethod === 'sms' && !backup && (
          <Button type="button" variant="outline" onClick={sendCode} disabled={send.isPending}>
            {send.isPending && <Spinner />}
            Send Code
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="destructive" disabled={!valid || disable.isPending}>
          {disable.isPending && <Spinner />}
          Disable 2FA
        </Button>
        <Button
          type="button"
          variant="link"
          className="h-auto px-0"
          onClick={() => {
            setBackup((b) => !b);
            setCode('');
          }}
        >
          <KeyRound aria-hidden="true" />
          {backup ? 'Use a verification code' : 'Use a backup code'}
        </Button>
      </div>
    </form>
  );
}
