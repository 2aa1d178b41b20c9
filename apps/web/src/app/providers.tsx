import * as React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useToast } from '@/components/ui/use-toast';
import { queryClient } from '@/lib/query-client';

// Toasts keep their queue in a module store (use-toast), so the viewport (Radix toast, about 11 KB
// gzip) can arrive when the first toast is shown without losing it: most first visits show none.
const Toaster = React.lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Mounts the toast viewport once there is a toast to show, and keeps it from then on. */
function ToasterOnDemand() {
  const { toasts } = useToast();
  const [needed, setNeeded] = React.useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  return needed ? (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  ) : null;
}

/** Everything the app needs around the router: data cache and toasts (each tooltip brings its provider). */
export function AppProvider({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnDemand />
    </QueryClientProvider>
  );
}
