import * as React from 'react';
import { FileText, MessageSquareText, Paperclip, Upload } from 'lucide-react';
import type { TDisputeEvidence, TDisputeStatement } from '@holdfast/contracts';
import {
  EVIDENCE_ACCEPT,
  EVIDENCE_CAPTION_MAX_LENGTH,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_MESSAGES,
  STATEMENT_MAX_LENGTH,
} from '@holdfast/contracts/constants';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import {
  useAddStatement,
  useDisputeEvidence,
  useDisputeStatements,
  useUploadEvidence,
} from '@/lib/queries/dispute-evidence';

/** 1.2 MB, 340 KB, 12 B. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}

const byLine = (author: { role: string; name: string }, at: string) =>
  `${author.name} (${author.role}) · ${formatDateTime(at)}`;

function StatementItem({ s }: { s: TDisputeStatement }) {
  return (
    <li className="space-y-1 rounded-md border bg-card p-3">
      <p className="text-xs text-muted-foreground">{byLine(s.author, s.createdAt)}</p>
      <p className="break-words whitespace-pre-line">{s.text}</p>
    </li>
  );
}

/** An image as a thumbnail, a PDF as a file row; both open in a new tab (behind the viewer's session). */
function EvidenceItem({ e }: { e: TDisputeEvidence }) {
  const isImage = e.contentType.startsWith('image/');
  const label = e.caption || e.fileName;
  return (
    <li className="flex gap-3 rounded-md border bg-card p-3">
      <a
        href={e.url}
        target="_blank"
        rel="noopener noreferrer"
        className="shrink-0 rounded focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label={`Open ${e.fileName} in a new tab`}
      >
        {isImage ? (
          <img src={e.url} alt={label} loading="lazy" className="size-20 rounded object-cover" />
        ) : (
          <span className="flex size-20 items-center justify-center rounded bg-muted">
            <FileText className="size-8 text-muted-foreground" aria-hidden="true" />
          </span>
        )}
      </a>
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-all">{e.fileName}</p>
        {e.caption && <p className="break-words whitespace-pre-line">{e.caption}</p>}
        <p className="text-xs text-muted-foreground">
          {formatBytes(e.size)} ·{' '}
          <span title={`SHA-256 ${e.sha256}`} className="font-mono">
            sha256 {e.sha256.slice(0, 12)}…
          </span>
        </p>
        <p className="text-xs text-muted-foreground">{byLine(e.author, e.createdAt)}</p>
      </div>
    </li>
  );
}

export function StatementForm({ disputeId }: { disputeId: string }) {
  const [text, setText] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const add = useAddStatement(disputeId);
  const id = React.useId();
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    add.mutate(text, {
      onSuccess: () => {
        toast({
          title: EVIDENCE_MESSAGES.statementAdded,
          description: 'The other party and the moderator can read it.',
        });
        setText('');
      },
      onError: (err) => setError(errorMessage(err, 'Failed to add the statement')),
    });
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-2" noValidate>
      <Label htmlFor={`${id}-statement`}>Your statement</Label>
      <Textarea
        id={`${id}-statement`}
        rows={3}
        maxLength={STATEMENT_MAX_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Tell the moderator what happened"
        aria-describedby={error ? `${id}-statement-error` : undefined}
      />
      {error && (
        <p id={`${id}-statement-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" variant="outline" disabled={add.isPending || !text.trim()}>
          {add.isPending ? <Spinner /> : <MessageSquareText aria-hidden="true" />}
          Add Statement
        </Button>
      </div>
    </form>
  );
}

export function UploadForm({ disputeId }: { disputeId: string }) {
  const [file, setFile] = React.useState<File | null>(null);
  const [caption, setCaption] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const input = React.useRef<HTMLInputElement>(null);
  const upload = useUploadEvidence(disputeId);
  const id = React.useId();
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!file) return setError(EVIDENCE_MESSAGES.noFile);
    // The server checks again; these two spare a 10 MB round trip.
    if (file.size === 0) return setError(EVIDENCE_MESSAGES.empty);
    if (file.size > EVIDENCE_MAX_BYTES) return setError(EVIDENCE_MESSAGES.tooLarge);
    upload.mutate(
      { file, caption: caption.trim() },
      {
        onSuccess: () => {
          toast({ title: EVIDENCE_MESSAGES.added, description: `${file.name} is now part of the case.` });
          setFile(null);
          setCaption('');
          if (input.current) input.current.value = '';
        },
        onError: (err) => setError(errorMessage(err, 'Failed to upload the file')),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-2" noValidate aria-busy={upload.isPending}>
      <Label htmlFor={`${id}-file`}>Add a photo or PDF (at most 10 MB)</Label>
      <Input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={EVIDENCE_ACCEPT}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        disabled={upload.isPending}
      />
      <Label htmlFor={`${id}-caption`}>Caption</Label>
      <Input
        id={`${id}-caption`}
        maxLength={EVIDENCE_CAPTION_MAX_LENGTH}
        value={caption}
        onChange={(e) => setCaption(e.target.value)}
        placeholder="What does this file show?"
        disabled={upload.isPending}
        aria-describedby={error ? `${id}-upload-error` : undefined}
      />
      {error && (
        <p id={`${id}-upload-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="outline" disabled={upload.isPending || !file}>
          {upload.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
          Upload Evidence
        </Button>
        {upload.isPending && file && (
          <span className="text-sm text-muted-foreground" role="status">
            Uploading {file.name} ({formatBytes(file.size)})…
          </span>
        )}
      </div>
    </form>
  );
}

/**
 * A dispute's statements and evidence, oldest first, and the forms to add to them: statements for the
 * parties (`canState`), files for the parties and the case's moderator (`canUpload`). The server decides who
 * may; its refusal is shown as it says.
 */
export function DisputeEvidence({
  disputeId,
  canState = false,
  canUpload = false,
}: {
  disputeId: string;
  canState?: boolean;
  canUpload?: boolean;
}) {
  const statements = useDisputeStatements(disputeId);
  const evidence = useDisputeEvidence(disputeId);
  return (
    <section className="space-y-4" aria-labelledby={`${disputeId}-evidence-title`}>
      <h3 id={`${disputeId}-evidence-title`} className="flex items-center gap-2 font-medium">
        <Paperclip className="size-4" aria-hidden="true" /> Statements and evidence
      </h3>
      <div className="space-y-2">
        <h4 className="text-sm font-medium text-muted-foreground">Statements</h4>
        {statements.isLoading ? (
          <Spinner />
        ) : statements.isError ? (
          <p className="text-sm text-destructive">{errorMessage(statements.error, 'Failed to load the statements')}</p>
        ) : statements.data?.length ? (
          <ul className="space-y-2">
            {statements.data.map((s) => (
              <StatementItem key={s.id} s={s} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No statements yet.</p>
        )}
        {canState && <StatementForm disputeId={disputeId} />}
      </div>
      <div className="space-y-2">
        <h4 className="text-sm font-medium text-muted-foreground">Evidence</h4>
        {evidence.isLoading ? (
          <Spinner />
        ) : evidence.isError ? (
          <p className="text-sm text-destructive">{errorMessage(evidence.error, 'Failed to load the evidence')}</p>
        ) : evidence.data?.length ? (
          <ul className="space-y-2">
            {evidence.data.map((e) => (
              <EvidenceItem key={e.id} e={e} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No files yet.</p>
        )}
        {canUpload && <UploadForm disputeId={disputeId} />}
      </div>
    </section>
  );
}
