import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { errorMessage } from '@/lib/api';

/** A public page whose data did not arrive: what failed, and a way to try again. */
export function LoadFailed({ title, error, retry }: { title: string; error: unknown; retry: () => unknown }) {
  return (
    <NoticeCard
      icon={<AlertTriangle />}
      tone="danger"
      title={title}
      description={errorMessage(error, 'The page could not be loaded. Check your connection and try again.')}
      asPageTitle
    >
      <Button variant="outline" onClick={() => void retry()}>
        Try again
      </Button>
    </NoticeCard>
  );
}
