import { Shield } from 'lucide-react';
import { AccessDenied } from '@/components/access-denied';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { PageSpinner } from '@/components/ui/spinner';
import { useUser } from '@/lib/auth';
import { staffMustEnrolTwoFactor, usePublicConfig } from '@/lib/config';
import { ChangePasswordCard } from '../components/change-password-card';
import { SecurityActivityCard } from '../components/security-activity-card';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';
import { PhoneCard } from '../components/phone-card';

/** Security Settings (/security-settings): two-factor authentication, signed-in sessions, password, recent activity. */
export function SecuritySettingsPage() {
  const { user, isLoading } = useUser();
  const { config } = usePublicConfig();
  if (isLoading) return <PageSpinner message="Loading security settings..." />;
  if (!user) return <AccessDenied description="Please log in to access security settings." />;
  const staffMustEnrol = staffMustEnrolTwoFactor(user, config);
  return (
    <>
      <PageHeader title="Security Settings" description="Protect your account and the money in it." icon={<Shield />} />
      <div className="space-y-6">
        {staffMustEnrol && (
          <Alert variant="destructive">
            <AlertTitle>Two-factor authentication required</AlertTitle>
            <AlertDescription>
              Moderators and administrators must turn on two-factor authentication before they can use the moderator and
              admin tools. Set it up below.
            </AlertDescription>
          </Alert>
        )}
        <TwoFactorCard user={user} />
        <PhoneCard />
        <SessionsCard />
        <ChangePasswordCard />
        <SecurityActivityCard />
      </div>
    </>
  );
}
