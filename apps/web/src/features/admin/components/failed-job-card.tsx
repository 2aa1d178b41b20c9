import * as React from 'react';
import { Ban, RotateCcw } from 'lucide-react';
import type { TFailedJob } from '@holdfast/contracts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useJobAction, type JobAction } from '../api/job-actions';
import { LANE_LABELS, refLabel } from '../lib/job-labels';

/** What each action asks, and says once done or refused. */
const ACTIONS: Record<
  JobAction,
  {
    trigger: string;
    title: string;
    describe: (job: TFailedJob) => string;
    confirm: string;
    keep: string;
    done: string;
    failed: string;
  }
> = {
  retry: {
    trigger: 'Retry',
    title: 'Retry this job?',
    describe: (job) =>
      `The ${job.kind} job runs again now, with all its ${job.maxAttempts} attempts. Fix what made it fail first. Your name is recorded with the retry.`,
    confirm: 'Retry job',
    keep: 'Not now',
    done: 'The job is queued and runs again now.',
    failed: 'The job could not be retried',
  },
  cancel: {
    trigger: 'Cancel',
    title: 'Cancel this job?',
    describe: (job) =>
      `The ${job.kind} job will never run again: what it was to do has to be done another way. Your name is recorded with the cancellation.`,
    confirm: 'Cancel job',
    keep: 'Keep it',
    done: 'The job is cancelled.',
    failed: 'The job could not be cancelled',
  },
};

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-1 text-sm [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** One failed job: its last error and what it is about, with Retry and Cancel (each asked once more). */
export function FailedJobCard({ job }: { job: TFailedJob }) {
  const act = useJobAction();
  const [acting, setActing] = React.useState<JobAction | null>(null);

  const run = (action: JobAction) => {
    setActing(action);
    act.mutate(
      { id: job.id, action },
      {
        onSuccess: () => toast({ title: ACTIONS[action].done }),
        onError: (err) => toastError(errorMessage(err, ACTIONS[action].failed)),
        onSettled: () => setActing(null),
      },
    );
  };

  const last = job.lastAction;
  return (
    <Card role="article" aria-label={`Failed ${job.kind} job`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle className="font-mono text-base [overflow-wrap:anywhere]">{job.kind}</CardTitle>
          <p className="mt-1 text-sm text-muted-foreground">
            Gave up {formatDateTime(job.failedAt)} after {job.attempts} of {job.maxAttempts} attempts
          </p>
        </div>
        <Badge variant="danger">{job.lane ? LANE_LABELS[job.lane] : 'Unknown lane'}</Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Last error</p>
          <p className="mt-1 rounded-md bg-red-50 p-3 font-mono text-sm whitespace-pre-wrap text-red-800 [overflow-wrap:anywhere]">
            {job.lastError ?? 'No error was recorded.'}
          </p>
        </div>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="Job">
            <span className="font-mono">{job.id}</span>
          </Detail>
          {Object.entries(job.refs).map(([key, value]) => (
            <Detail key={key} label={refLabel(key)}>
              <span className="font-mono">{value}</span>
            </Detail>
          ))}
          <Detail label="Created">{formatDateTime(job.createdAt)}</Detail>
          {last && (
            <Detail label={last.action === 'retry' ? 'Last retried' : 'Cancelled'}>
              {formatDateTime(last.at)} by {last.by?.name ?? 'a removed account'}
            </Detail>
          )}
        </dl>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {(['retry', 'cancel'] as const).map((action) => (
          <ConfirmJobAction
            key={action}
            job={job}
            action={action}
            pending={act.isPending}
            busy={acting === action}
            onConfirm={() => run(action)}
          />
        ))}
      </CardFooter>
    </Card>
  );
}

function ConfirmJobAction({
  job,
  action,
  pending,
  busy,
  onConfirm,
}: {
  job: TFailedJob;
  action: JobAction;
  pending: boolean;
  busy: boolean;
  onConfirm: () => void;
}) {
  const a = ACTIONS[action];
  const Icon = action === 'retry' ? RotateCcw : Ban;
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant={action === 'retry' ? 'default' : 'outline'}
          className={action === 'cancel' ? 'text-destructive hover:text-destructive' : undefined}
          disabled={pending}
        >
          {busy ? <Spinner /> : <Icon aria-hidden="true" />} {a.trigger}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{a.title}</AlertDialogTitle>
          <AlertDialogDescription>{a.describe(job)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{a.keep}</AlertDialogCancel>
          <AlertDialogAction
            className={action === 'cancel' ? buttonVariants({ variant: 'destructive' }) : undefined}
            onClick={onConfirm}
          >
            {a.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
