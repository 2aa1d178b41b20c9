import {
  SUPPORT_PRIORITIES,
  SUPPORT_STATUSES,
  type TSupportConsoleQuery,
  type TSupportPriority,
  type TSupportStatus,
} from '@holdfast/contracts';
import { supportStatusText } from '@/components/support/support-badges';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { humanize } from '@/lib/format';

const ALL = 'all';

/** Status and priority filters of the console's chat list ('All' sends no filter). */
export function SupportChatFilters({
  value,
  onChange,
}: {
  value: TSupportConsoleQuery;
  onChange: (next: TSupportConsoleQuery) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor="console-status">Status</Label>
        <Select
          value={value.status || ALL}
          onValueChange={(v) => onChange({ ...value, status: v === ALL ? '' : (v as TSupportStatus) })}
        >
          <SelectTrigger id="console-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All statuses</SelectItem>
            {SUPPORT_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {humanize(supportStatusText(s))}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor="console-priority">Priority</Label>
        <Select
          value={value.priority || ALL}
          onValueChange={(v) => onChange({ ...value, priority: v === ALL ? '' : (v as TSupportPriority) })}
        >
          <SelectTrigger id="console-priority">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All priorities</SelectItem>
            {SUPPORT_PRIORITIES.map((p) => (
              <SelectItem key={p} value={p}>
                {humanize(p)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
