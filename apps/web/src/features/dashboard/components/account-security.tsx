import { Link } from 'wouter';
import { KeyRound, MailCheck, MailWarning, ShieldCheck } from 'lucide-react';
import type { TUser } from '@holdfast/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Status of the sign-in protections; the verify prompt itself sits at the top of the dashboard. */
export function AccountSecurity({ user }: { user: TUser }) {
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
        {/* The address gets the row's whole width, so it wraps only when it cannot fit at all. */}
        <div className="rounded-lg border p-3">
          <div className="flex items-start justify-between gap-3">
            <div className="flex items-start gap-3">
              {user.emailVerified ? (
                <MailCheck className="mt-0.5 size-5 text-emerald-600" aria-hidden="true" />
              ) : (
                <MailWarning className="mt-0.5 size-5 text-amber-600" aria-hidden="true" />
              )}
              <p className="text-sm font-medium">Email verification</p>
            </div>
            <Badge variant={user.emailVerified ? 'success' : 'warning'} className="shrink-0">
              {user.emailVerified ? 'Verified' : 'Not verified'}
            </Badge>
          </div>
          <p className="mt-1 pl-8 text-xs text-muted-foreground [overflow-wrap:anywhere]">{user.email}</p>
        </div>
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
