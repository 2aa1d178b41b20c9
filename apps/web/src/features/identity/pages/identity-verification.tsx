import { IdCard } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { NoticeCard } from '@/components/ui/notice-card';
import { useIdentityState } from '../api/identity';
import { IdentityForm } from '../components/identity-form';
import { IdentityStatus } from '../components/identity-status';

/** /verification/identity: where a person verifies their identity and follows the review (issue 30). */
export function IdentityVerificationPage() {
  const state = useIdentityState();
  return (
    <>
      <PageHeader
        title="Verify your identity"
        description="A verified identity shows on your public profile and lets you move larger amounts."
        icon={<IdCard />}
      />
      {state.isLoading ? (
        <PageSpinner />
      ) : state.isError || !state.data ? (
        <NoticeCard
          tone="danger"
          title="Your verification could not be loaded"
          description="Reload the page to try again."
        />
      ) : (
        <div className="grid gap-6">
          <IdentityStatus state={state.data} />
          {(state.data.kycStatus === 'unverified' || state.data.kycStatus === 'rejected') && (
            <IdentityForm collectsDocuments={state.data.provider === 'manual'} previous={state.data.latest} />
          )}
        </div>
      )}
    </>
  );
}
