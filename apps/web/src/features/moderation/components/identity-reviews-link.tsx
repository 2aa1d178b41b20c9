import { useQuery } from '@tanstack/react-query';
import { IdCard } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { apiJson } from '@/lib/api';

/** A moderator an admin allowed to review identities finds the queue here (issue 30); others see nothing. */
export function IdentityReviewsLink() {
  const access = useQuery({
    queryKey: ['/api/identity-reviews', 'access'] as const,
    queryFn: () => apiJson<{ mayReview: boolean }>('GET', '/api/identity-reviews/access'),
  });
  if (!access.data?.mayReview) return null;
  return (
    <Button asChild variant="outline">
      <Link href="/identity-reviews">
        <IdCard aria-hidden="true" /> Identity reviews
      </Link>
    </Button>
  );
}
