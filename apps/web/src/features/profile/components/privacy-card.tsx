import { ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Privacy & Security: what a public profile shares and what it never does. */
export function PrivacyCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" /> Privacy & Security
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-muted-foreground">
        <p>
          Your public profile shows your name, picture, verification status, transaction statistics and the reviews you
          received. Your email address, phone number and wallet are never shown to anyone.
        </p>
        <p>
          Your transaction history stays private unless you enable it above, and you can turn it off again at any time.
          Other parties appear only by first name and last initial.
        </p>
        <p>Changing your profile URL stops the old address from working, so update any links you shared.</p>
      </CardContent>
    </Card>
  );
}
