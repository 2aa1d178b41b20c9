import * as React from 'react';
import { SendHorizontal } from 'lucide-react';
import { DIRECT_MESSAGE_MAX_LENGTH } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';

interface MessageComposerProps {
  /** Resolves when the message was sent (the text is then cleared); rejects to keep it for another try. */
  onSend: (content: string) => Promise<unknown>;
  sending: boolean;
  disabled?: boolean;
}

/**
 * The multi-line input (spec section 2): Enter sends, Shift+Enter starts a new line. The text is trimmed
 * and an empty one is not sent (section 5); the server checks it again.
 */
export function MessageComposer({ onSend, sending, disabled = false }: MessageComposerProps) {
  const [text, setText] = React.useState('');
  const hintId = React.useId();

  const submit = () => {
    const content = text.trim();
    if (!content || sending || disabled) return;
    onSend(content).then(
      () => setText(''),
      () => undefined,
    );
  };

  return (
    <form
      className="flex items-end gap-2 border-t p-3 sm:p-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="min-w-0 flex-1">
        <Textarea
          aria-label="Message"
          aria-describedby={hintId}
          placeholder="Type your message..."
          rows={2}
          maxLength={DIRECT_MESSAGE_MAX_LENGTH}
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Not while an input method composes a character (Enter confirms the composition there).
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          className="max-h-40 min-h-11 resize-none"
        />
        <p id={hintId} className="mt-1 hidden text-xs text-muted-foreground sm:block">
          Enter to send, Shift+Enter for a new line
        </p>
      </div>
      <Button type="submit" size="icon" disabled={disabled || sending || !text.trim()} className="mb-0 sm:mb-5">
        <SendHorizontal aria-hidden="true" />
        <span className="sr-only">Send</span>
      </Button>
    </form>
  );
}
