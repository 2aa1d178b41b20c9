import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TJobActionResult } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { ADMIN_JOBS_KEY } from './get-job-summary';

export type JobAction = 'retry' | 'cancel';

/** POST /api/admin/jobs/{id}/retry or /cancel (admins only; the server records who did it). */
export const postJobAction = (id: string, action: JobAction) =>
  apiJson<TJobActionResult>('POST', `/api/admin/jobs/${encodeURIComponent(id)}/${action}`);

export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: JobAction }) => postJobAction(id, action),
    // Refreshed either way: a 409 means the job moved on (another admin, or the worker) meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_JOBS_KEY }),
  });
}
