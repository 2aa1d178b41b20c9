import { Link } from 'wouter';
import { Smartphone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PhoneVerificationForm } from '@/components/verification/phone-verification-form';
import { useVerificationStatus } from '@/lib/queries/get-verification-status';

/** Security Settings' Phone section: the account's number and its verification (issue 30). */
export function PhoneCard() {
  const status = useVerificationStatus();
  return (
    <Card id="phone">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Smartphone className="size-5 text-primary" aria-hidden="true" />
          Phone
        </CardTitle>
        <CardDescription>
          A verified phone number raises your limits and lets you withdraw.{' '}
          <Button asChild variant="link" className="h-auto p-0 align-baseline">
            <Link href="/verification">See your verification and limits</Link>
          </Button>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.isLoading ? (
          <Skeleton className="h-20 w-full" />
        ) : status.data ? (
          <PhoneVerificationForm status={status.data} />
        ) : (
          <p className="text-sm text-muted-foreground">Your phone number could not be loaded right now.</p>
        )}
      </CardContent>
    </Card>
  );
}
