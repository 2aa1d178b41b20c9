import * as React from 'react';
import { Lock } from 'lucide-react';
import { DISPUTE_NOTE_MAX_LENGTH } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useAddDisputeNote } from '@/lib/queries/disputes';

/** Staff add an internal note to the case file; the parties never see it. */
export function NoteForm({ disputeId }: { disputeId: string }) {
  const add = useAddDisputeNote(disputeId);
  const [text, setText] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('Write the note');
    setError(null);
    add.mutate(
      { text },
      {
        onSuccess: () => {
          setText('');
          toast({ title: 'Note Added', description: 'Only staff can read it.' });
        },
        onError: (err) => setError(errorMessage(err, 'Failed to add the note')),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="space-y-2" noValidate>
      <Label htmlFor="case-note" className="flex items-center gap-2">
        <Lock className="size-4" aria-hidden="true" /> Add internal note
      </Label>
      <Textarea
        id="case-note"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={DISPUTE_NOTE_MAX_LENGTH}
        rows={3}
        placeholder="Visible to moderators and admins only"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'case-note-error' : 'case-note-hint'}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {error ? (
          <p id="case-note-error" className="text-sm text-destructive" role="alert">
            {error}
          </p>
        ) : (
          <p id="case-note-hint" className="text-xs text-muted-foreground">
            {text.length}/{DISPUTE_NOTE_MAX_LENGTH} · never shown to the buyer or the seller
          </p>
        )}
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending && <Spinner />}
          Add Note
        </Button>
      </div>
    </form>
  );
}
