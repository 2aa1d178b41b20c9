import { Link } from 'wouter';
import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';

/** The signed-out state of a page that needs an account: 'Access Denied' with the page's own reason. */
export function AccessDenied({ description }: { description: string }) {
  return (
    <NoticeCard icon={<Lock />} tone="danger" title="Access Denied" description={description} asPageTitle>
      <Button asChild>
        <Link href="/login">Log in</Link>
      </Button>
    </NoticeCard>
  );
}
