import { UserCog } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { useProfileSettings } from '../api/get-profile-settings';
import { EmailNotificationsCard } from '../components/email-notifications-card';
import { PrivacyCard } from '../components/privacy-card';
import { ProfilePictureCard } from '../components/profile-picture-card';
import { ProfileUrlCard } from '../components/profile-url-card';
import { PublicHistoryCard } from '../components/public-history-card';

/** /profile-settings (signed in): picture, public history, public URL (spec section 2), email notifications, privacy. */
export function ProfileSettingsPage() {
  const { user } = useUser();
  const settings = useProfileSettings();
  if (!user) return <PageSpinner />;
  return (
    <>
      <PageHeader
        title="Profile Settings"
        description="Your picture, your public profile and what it shows."
        icon={<UserCog />}
      />
      {settings.isError && (
        <p role="alert" className="mb-6 rounded-lg border border-destructive/40 bg-red-50 p-4 text-sm text-red-800">
          {errorMessage(settings.error, 'Your profile settings could not be loaded. Please try again.')}
        </p>
      )}
      {/* The spec's order, which is also the reading order on a phone. */}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ProfilePictureCard user={user} />
        <PublicHistoryCard settings={settings.data} />
        <ProfileUrlCard settings={settings.data} />
        <EmailNotificationsCard />
        <PrivacyCard />
      </div>
    </>
  );
}
