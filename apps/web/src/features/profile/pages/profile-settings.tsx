import { UserCog } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function ProfileSettingsPage() {
  return (
    <ComingSoon
      title="Profile Settings"
      description="Your picture, public profile and privacy."
      icon={<UserCog />}
      summary="Here you will set your profile picture, your public profile URL and whether your transaction history is public."
    />
  );
}
