import * as React from 'react';
import { CheckCircle2, EyeOff } from 'lucide-react';
import { PROFILE_MESSAGES as M, type TProfileSettings } from '@holdfast/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useTogglePublicHistory } from '../api/toggle-public-history';

const VISIBLE = [
  'Transaction amounts and currencies',
  'Status and dates',
  'Your role (buyer or seller)',
  'Transaction descriptions',
  "The other party's first name and last initial",
];
const PRIVATE = [
  'Email addresses and phone numbers',
  'Wallet balance and payment details',
  "The other party's full name",
  'Messages, disputes and delivery notes',
];

function List({ title, items, icon }: { title: string; items: string[]; icon: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold text-brand-ink">{title}</h3>
      <ul className="space-y-1.5 text-sm text-muted-foreground">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-2 [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0">
            {icon}
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Public Transaction History: the 'Enable Public History' switch and what it shows or keeps private. */
export function PublicHistoryCard({ settings }: { settings: TProfileSettings | undefined }) {
  const toggle = useTogglePublicHistory();
  const switchId = React.useId();
  const enabled = settings?.publicHistoryEnabled ?? false;

  const onCheckedChange = (next: boolean) =>
    toggle.mutate(next, {
      onSuccess: () =>
        toast({
          title: M.settingsUpdated,
          description: next
            ? 'Your transaction history is now shown on your public profile.'
            : 'Your transaction history is now private.',
        }),
      onError: (err) => toastError(errorMessage(err, M.settingsFailed)),
    });

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Public Transaction History</CardTitle>
          {settings && <Badge variant={enabled ? 'success' : 'muted'}>{enabled ? 'Enabled' : 'Disabled'}</Badge>}
        </div>
        <CardDescription>Let people see your track record before they deal with you.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {settings ? (
          <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
            <Label htmlFor={switchId} className="text-base">
              Enable Public History
            </Label>
            <Switch id={switchId} checked={enabled} disabled={toggle.isPending} onCheckedChange={onCheckedChange} />
          </div>
        ) : (
          <Skeleton className="h-16 w-full" />
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <List
            title="Visible to others"
            items={VISIBLE}
            icon={<CheckCircle2 className="text-emerald-700" aria-hidden="true" />}
          />
          <List
            title="Always private"
            items={PRIVATE}
            icon={<EyeOff className="text-slate-600" aria-hidden="true" />}
          />
        </div>
      </CardContent>
    </Card>
  );
}
