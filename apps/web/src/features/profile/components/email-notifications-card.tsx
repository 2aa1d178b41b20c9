import * as React from 'react';
import { Mail } from 'lucide-react';
import {
  EMAIL_CATEGORIES,
  EMAIL_CATEGORY_LABELS,
  PROFILE_MESSAGES as M,
  type TEmailCategory,
} from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

function CategorySwitch({
  category,
  checked,
  onChange,
}: {
  category: TEmailCategory;
  checked: boolean;
  onChange: (category: TEmailCategory, enabled: boolean) => void;
}) {
  const id = React.useId();
  const { label, description } = EMAIL_CATEGORY_LABELS[category];
  return (
    <li className="flex items-center justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0 space-y-1">
        <Label htmlFor={id} className="text-sm font-medium text-brand-ink">
          {label}
        </Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        aria-describedby={`${id}-description`}
        onCheckedChange={(enabled) => onChange(category, enabled)}
      />
    </li>
  );
}

/** Email notifications: a switch per optional category, saved as it is flipped. */
export function EmailNotificationsCard() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  const onChange = (category: TEmailCategory, enabled: boolean) => {
    const { label } = EMAIL_CATEGORY_LABELS[category];
    update.mutate(
      { category, enabled },
      {
        onSuccess: () =>
          toast({
            title: M.settingsUpdated,
            description: `${label} emails are now ${enabled ? 'on' : 'off'}.`,
          }),
        onError: (err) => toastError(errorMessage(err, M.settingsFailed)),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail className="size-5 text-primary" aria-hidden="true" /> Email notifications
        </CardTitle>
        <CardDescription>
          Choose which emails we send you. The bell at the top shows everything either way.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {preferences.data ? (
          <ul className="divide-y">
            {EMAIL_CATEGORIES.map((category) => (
              <CategorySwitch
                key={category}
                category={category}
                checked={preferences.data.email[category]}
                onChange={onChange}
              />
            ))}
          </ul>
        ) : preferences.isError ? (
          <div
            role="alert"
            className="space-y-3 rounded-lg border border-destructive/40 bg-red-50 p-4 text-sm text-red-800"
          >
            <p>{errorMessage(preferences.error, 'Your email settings could not be loaded. Please try again.')}</p>
            <Button variant="outline" size="sm" onClick={() => void preferences.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="space-y-4" aria-hidden="true">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        )}
        <p className="rounded-lg bg-muted/60 p-3 text-sm text-muted-foreground">
          Emails about money and security (payments, releases, refunds, withdrawals, dispute decisions, password and
          sign-in) are always sent.
        </p>
      </CardContent>
    </Card>
  );
}
