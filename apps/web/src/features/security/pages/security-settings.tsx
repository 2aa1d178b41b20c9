import { Shield } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function SecuritySettingsPage() {
  return (
    <ComingSoon
      title="Security Settings"
      description="Two-factor authentication and sign-in protection."
      icon={<Shield />}
      summary="Here you will turn two-factor authentication on or off with an authenticator app or SMS codes."
    />
  );
}
