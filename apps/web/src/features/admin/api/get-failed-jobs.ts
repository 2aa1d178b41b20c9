import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TFailedJob } from '@holdfast/contracts';
import { fetchPage, nextCursorOf } from '@/lib/paging';
import { ADMIN_JOBS_KEY } from './get-job-summary';

export const FAILED_JOBS_KEY = [...ADMIN_JOBS_KEY, 'failed'] as const;

/** GET /api/admin/jobs/failed: jobs that gave up, the latest failure first, a page at a time. */
export const getFailedJobs = (cursor?: string | null) => fetchPage<TFailedJob>('/api/admin/jobs/failed', {}, cursor);

export const failedJobsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: FAILED_JOBS_KEY,
    queryFn: ({ pageParam }) => getFailedJobs(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

export const useFailedJobs = () => useInfiniteQuery(failedJobsQueryOptions());
