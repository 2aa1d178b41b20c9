import { AppProvider } from '@/app/providers';
import { AppRouter } from '@/app/router';
import { DemoBanner } from '@/app/demo-banner';
import { AppErrorBoundary } from '@/app/error-boundary';

export function App() {
  return (
    <AppProvider>
      <DemoBanner />
      <AppErrorBoundary>
        <AppRouter />
      </AppErrorBoundary>
    </AppProvider>
  );
}
