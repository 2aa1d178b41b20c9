import { Link } from 'wouter';
import { KeyRound, MailCheck, MailWarning, ShieldCheck } from 'lucide-react';
import type { TUser } from '@holdfast/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { useResendVerification } from '@/lib/auth';
import { errorMessage } from '@/lib/api';

export function AccountSecurity({ user }: { user: TUser }) {
  const resend = useResendVerification();
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        toast({ title: 'Verification email sent', description: `Check ${user.email} for the verification link.` }),
      onError: (err) => toastError(errorMessage(err, 'Failed to send verification email')),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          Account Security
        </CardTitle>
        <CardDescription>Keep your account and your money protected.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-start justify-between gap-3 rounded-lg border p-3">
          <div className="flex items-start gap-3">
            {user.emailVerified ? (
              <MailCheck className="mt-0.5 size-5 text-emerald-600" aria-hidden="true" />
            ) : (
              <MailWarning className="mt-0.5 size-5 text-amber-600" aria-hidden="true" />
            )}
            <div>
              <p className="text-sm font-medium">Email verification</p>
              <p className="text-xs break-all text-muted-foreground">{user.email}</p>
            </div>
          </div>
          <Badge variant={user.emailVerified ? 'success' : 'warning'}>
            {user.emailVerified ? 'Verified' : 'Not verified'}
          </Badge>
        </div>
        {!user.emailVerified && (
          <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <p>Verify your email to receive transactions addressed to you and act on them as a seller.</p>
            <Button
              size="sm"
              variant="outline"
              className="mt-3 bg-white"
              onClick={onResend}
              disabled={resend.isPending}
            >
              {resend.isPending && <Spinner />}
              Resend verification email
            </Button>
          </div>
        )}
        <div className="flex items-start justify-between gap-3 rounded-lg border p-3">
          <div className="flex items-start gap-3">
            <KeyRound className="mt-0.5 size-5 text-primary" aria-hidden="true" />
            <div>
              <p className="text-sm font-medium">Two-factor authentication</p>
              <p className="text-xs text-muted-foreground">
                {user.twoFactorEnabled
                  ? `Enabled with ${user.twoFactorMethod === 'sms' ? 'SMS codes' : 'an authenticator app'}`
                  : 'Add a second step to sign in'}
              </p>
            </div>
          </div>
          <Badge variant={user.twoFactorEnabled ? 'success' : 'muted'}>
            {user.twoFactorEnabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </div>
        <Button asChild variant="outline" className="w-full">
          <Link href="/security-settings">Manage security</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
