import * as React from 'react';
import { Card, CardContent } from '@/components/ui/card';

/** Always-available route that proves the app renders; shows when it was rendered. */
export function TestPage() {
  const [now] = React.useState(() => new Date());
  return (
    <Card className="mx-auto max-w-md">
      <CardContent className="space-y-2 pt-6 text-sm">
        <h1 className="text-2xl font-bold text-brand-ink">Test Page</h1>
        <p>The web app is running.</p>
        <p>
          Timestamp: <time dateTime={now.toISOString()}>{now.toISOString()}</time>
        </p>
      </CardContent>
    </Card>
  );
}
