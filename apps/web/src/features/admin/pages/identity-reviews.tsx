import { IdCard } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { NoticeCard } from '@/components/ui/notice-card';
import { PageSpinner } from '@/components/ui/spinner';
import { useIdentityReviewAccess } from '../api/identity-reviews';
import { VerificationTab } from '../components/verification-tab';

/** /identity-reviews: the identity review queue for moderators an admin allowed (admins have the tab too). */
export function IdentityReviewsPage() {
  const access = useIdentityReviewAccess();
  if (access.isLoading) return <PageSpinner />;
  if (!access.data?.mayReview)
    return (
      <NoticeCard
        asPageTitle
        title="Not allowed"
        description="Only administrators, and moderators an administrator allowed, review identity verifications."
      />
    );
  return (
    <>
      <PageHeader
        title="Identity verification"
        description="Review the identity documents people submitted."
        icon={<IdCard />}
      />
      <VerificationTab />
    </>
  );
}
