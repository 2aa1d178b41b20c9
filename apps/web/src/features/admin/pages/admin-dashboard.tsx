import { ShieldCheck } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function AdminDashboardPage() {
  return (
    <ComingSoon
      title="Admin Dashboard"
      description="Moderator applications and moderator accounts."
      icon={<ShieldCheck />}
      summary="Here administrators will review moderator applications and create moderator accounts."
      backHref="/"
      backLabel="Back to Home"
    />
  );
}
