import { UserCheck } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function ModeratorApplicationPage() {
  return (
    <ComingSoon
      title="Become a Moderator"
      description="Help buyers and sellers resolve disputes fairly."
      icon={<UserCheck />}
      summary="Here you will apply to join the moderator team; applications are reviewed within 3-5 business days."
      backHref="/"
      backLabel="Back to Home"
    />
  );
}
