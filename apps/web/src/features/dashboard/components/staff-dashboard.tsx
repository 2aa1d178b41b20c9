import { Link } from 'wouter';
import { Gavel, ShieldCheck } from 'lucide-react';
import type { TUser } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { StaffFigures, StaffQueues } from '@/components/staff/staff-work';
import { AccountSecurity } from './account-security';
import { EmailVerificationBanner } from './email-verification-banner';
import { GreetingBanner } from './greeting-banner';
import { QuickActions } from './quick-actions';

/**
 * The dashboard of a moderator or an admin (issue 31): what waits for them and their tools, in place of a
 * buyer's or a seller's deals, wallet and calls to action.
 */
export function StaffDashboard({ user }: { user: TUser & { role: 'moderator' | 'admin' } }) {
  const moderator = user.role === 'moderator';
  return (
    <div className="space-y-8">
      <EmailVerificationBanner user={user} />
      <GreetingBanner
        user={user}
        lead={
          moderator
            ? 'Here is what waits for you: your cases, the queue and the decisions to check.'
            : 'Here is what waits for you: decisions to check, escalated cases and the platform’s health.'
        }
        action={
          <Button asChild variant="gold" size="lg">
            <Link href={moderator ? '/moderator-dashboard' : '/admin-dashboard'}>
              {moderator ? <Gavel aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
              {moderator ? 'Moderator Dashboard' : 'Admin Dashboard'}
            </Link>
          </Button>
        }
      />
      <StaffFigures user={user} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <StaffQueues user={user} />
        </div>
        <div className="min-w-0 space-y-6">
          <QuickActions role={user.role} />
          <AccountSecurity user={user} />
        </div>
      </div>
    </div>
  );
}
