import { useQuery } from '@tanstack/react-query';
import type { TAdminJobSummary } from '@holdfast/contracts';

/** The root of every System tab query: invalidating it refreshes the counts and the failed jobs. */
export const ADMIN_JOBS_KEY = ['/api/admin/jobs'] as const;

/** GET /api/admin/jobs: background jobs by kind and state (admins only). */
export const useJobSummary = () => useQuery<TAdminJobSummary>({ queryKey: ADMIN_JOBS_KEY });
