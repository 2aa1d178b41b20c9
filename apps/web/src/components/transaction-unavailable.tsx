import { Link } from 'wouter';
import { FileSearch } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { errorCode, errorMessage } from '@/lib/api';

/** Codes that mean the transaction does not exist for this viewer (never a reason to retry). */
const MISSING = new Set(['NOT_FOUND', 'FORBIDDEN', 'VALIDATION']);

/**
 * The whole-page notice when a transaction cannot be shown: missing (it does not exist or the viewer is
 * not a party to it), or it failed to load with `error` (worth another try).
 */
export function TransactionUnavailable({ error }: { error: unknown }) {
  const code = errorCode(error);
  const missing = !error || (code !== undefined && MISSING.has(code));
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
