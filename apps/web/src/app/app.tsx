import * as React from 'react';
import { AppProvider } from '@/app/providers';
import { AppRouter } from '@/app/router';
import { DemoBanner } from '@/app/demo-banner';
import { AppErrorBoundary } from '@/app/error-boundary';
import { SkipLink } from '@/components/skip-link';
import { watchTheme } from '@/lib/theme';

export function App() {
  // The theme follows the system's setting while the choice is "system" (index.html set the first one).
  React.useEffect(watchTheme, []);
  return (
    <AppProvider>
      <SkipLink />
      <DemoBanner />
      <AppErrorBoundary>
        <AppRouter />
      </AppErrorBoundary>
    </AppProvider>
  );
}
