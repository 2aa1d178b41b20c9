import { usePublicConfig } from '@/lib/config';

/** On a demo deployment (production running the sandbox) every page says that no real money moves. */
export function DemoBanner() {
  const { config } = usePublicConfig();
  if (!config.demoPayments) return null;
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
      Demo deployment: payments use test cards and no real money moves.
    </div>
  );
}
