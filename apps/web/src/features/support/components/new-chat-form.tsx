import * as React from 'react';
import {
  DEFAULT_SUPPORT_PRIORITY,
  SUPPORT_PRIORITIES,
  SUPPORT_SUBJECT_MAX_LENGTH,
  type TSupportChat,
  type TSupportPriority,
} from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { humanize } from '@/lib/format';
import { useCreateSupportChat } from '../api/create-support-chat';

/** The New Chat form: Subject (required, trimmed) and Priority (default medium), Create and Cancel. */
export function NewChatForm({
  onCreated,
  onCancel,
}: {
  onCreated: (chat: TSupportChat) => void;
  onCancel: () => void;
}) {
  const [subject, setSubject] = React.useState('');
  const [priority, setPriority] = React.useState<TSupportPriority>(DEFAULT_SUPPORT_PRIORITY);
  const create = useCreateSupportChat();
  const trimmed = subject.trim();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!trimmed || create.isPending) return;
    create.mutate(
      { subject: trimmed, priority },
      {
        onSuccess: (chat) => {
          toast({ title: 'Chat Created', description: 'Your conversation with the support team has started.' });
          onCreated(chat);
        },
        onError: (err) => toastError(errorMessage(err, 'Failed to create chat')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border bg-muted/30 p-3" aria-label="New chat">
      <div className="space-y-1.5">
        <Label htmlFor="support-subject">Subject</Label>
        <Input
          id="support-subject"
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          placeholder="Describe your issue..."
          maxLength={SUPPORT_SUBJECT_MAX_LENGTH}
          required
          autoFocus
          autoComplete="off"
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="support-priority">Priority</Label>
        <Select value={priority} onValueChange={(v) => setPriority(v as TSupportPriority)}>
          <SelectTrigger id="support-priority">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SUPPORT_PRIORITIES.map((p) => (
              <SelectItem key={p} value={p}>
                {humanize(p)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!trimmed || create.isPending}>
          {create.isPending && <Spinner />}
          Create
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
