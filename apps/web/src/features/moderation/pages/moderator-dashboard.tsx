import { Gavel } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function ModeratorDashboardPage() {
  return (
    <ComingSoon
      title="Moderator Dashboard"
      description="Review disputes and give final decisions."
      icon={<Gavel />}
      summary="Here moderators will see dispute statistics, take open cases and resolve them."
    />
  );
}
