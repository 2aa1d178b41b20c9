import { MailPlus } from 'lucide-react';
import type { TTransaction } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useResendInvitation } from '../api/resend-invitation';
import { invitationLine } from '../lib/status-copy';

/**
 * A seller address with no account yet: says so, with when the invitation went out, and lets the buyer send
 * it again (the server allows once an hour and says when it is too soon).
 */
export function InvitedSeller({ tx }: { tx: TTransaction }) {
  const resend = useResendInvitation(tx.id);
  if (!tx.invitationSentAt || tx.status !== 'pending') return null;
  return (
    <dd className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      <span data-testid="invited-seller">{invitationLine(tx.invitationSentAt)}</span>
      {tx.viewerRole === 'buyer' && (
        <Button
          size="sm"
          variant="outline"
          className="h-7 px-2 text-xs"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => toast({ title: 'Invitation sent again', description: `We emailed ${tx.sellerEmail}.` }),
              onError: (err) => toastError(errorMessage(err, 'Failed to send the invitation again')),
            })
          }
        >
          {resend.isPending ? <Spinner /> : <MailPlus aria-hidden="true" />} Resend invitation
        </Button>
      )}
    </dd>
  );
}
