import { useParams } from 'wouter';
import { UserRound } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until public profiles are built; routed for everyone. */
export function PublicProfilePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  return (
    <ComingSoon
      title="Public Profile"
      description={`@${slug}`}
      icon={<UserRound />}
      summary="Here you will see this member's verification status, transaction statistics and public transaction history."
      backHref="/"
      backLabel="Back to Home"
    />
  );
}
