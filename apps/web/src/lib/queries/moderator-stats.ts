import { useQuery } from '@tanstack/react-query';
import type { TModeratorStats } from '@holdfast/contracts';
import { apiJson } from '../api';

/** GET /api/moderators/stats: the public record of decisions (no session needed). */
export function useModeratorStats() {
  return useQuery({
    queryKey: ['/api/moderators/stats'],
    queryFn: () => apiJson<TModeratorStats>('GET', '/api/moderators/stats'),
  });
}
