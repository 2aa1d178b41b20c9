import { AppProvider } from '@/app/providers';
import { AppRouter } from '@/app/router';
import { DemoBanner } from '@/app/demo-banner';

export function App() {
  return (
    <AppProvider>
      <DemoBanner />
      <AppRouter />
    </AppProvider>
  );
}
