import { Link } from 'wouter';
import { FileSearch } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { errorMessage } from '@/lib/api';

/**
 * The whole-page notice when a transaction cannot be shown: `missing` (it does not exist or the viewer is
 * not a party to it) or it failed to load with `error`.
 */
export function TransactionUnavailable({ missing, error }: { missing: boolean; error: unknown }) {
  return (
    <NoticeCard
      icon={<FileSearch />}
      title={missing ? 'Transaction Not Found' : 'Transaction unavailable'}
      description={
        missing
          ? 'This transaction does not exist or you are not a party to it.'
          : errorMessage(error, 'It could not be loaded. Please try again.')
      }
      asPageTitle
    >
      <Button asChild variant="outline">
        <Link href="/transactions">View all transactions</Link>
      </Button>
    </NoticeCard>
  );
}
