import { UserCheck } from 'lucide-react';
import type { TDispute } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useAssignDispute } from '@/lib/queries/disputes';

/** "Assign to Me" on an open case (the dashboard's list and the case page). */
export function AssignButton({ dispute, moderatorId }: { dispute: TDispute; moderatorId: string }) {
  const assign = useAssignDispute();
  if (dispute.status !== 'open') return null;
  const onAssign = () =>
    assign.mutate(
      { id: dispute.id, moderatorId },
      {
        onSuccess: () => toast({ title: 'Dispute Assigned', description: 'The case is now in your review.' }),
        onError: (err) => toastError(errorMessage(err, 'Failed to assign dispute')),
      },
    );
  return (
    <Button size="sm" variant="outline" onClick={onAssign} disabled={assign.isPending}>
      {assign.isPending ? <Spinner /> : <UserCheck aria-hidden="true" />}
      Assign to Me
    </Button>
  );
}
