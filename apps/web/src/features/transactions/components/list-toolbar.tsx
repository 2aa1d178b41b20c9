import * as React from 'react';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import {
  TRANSACTION_LIST_MESSAGES,
  TRANSACTION_SEARCH_MAX_LENGTH,
  TRANSACTION_SORTS,
} from '@holdfast/contracts/constants';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { amountsInverted, isAmount, rangeCount, SORT_LABELS, type ListFilters } from '../lib/list-filters';

interface ListToolbarProps {
  filters: ListFilters;
  onChange: (change: Partial<ListFilters>) => void;
  onClear: () => void;
}

const FIELD = 'flex flex-col gap-1.5 text-sm font-medium text-brand-ink';
/** A native select (light, and the phone's own picker) drawn like the inputs. */
const SELECT =
  'h-10 rounded-md border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30';

/** Search, sort and the amount and date ranges of the transaction list (the status buttons sit above). */
export function ListToolbar({ filters, onChange, onClear }: ListToolbarProps) {
  const ranges = rangeCount(filters);
  const [open, setOpen] = React.useState(ranges > 0);
  const minBad = filters.minAmount !== '' && !isAmount(filters.minAmount);
  const maxBad = filters.maxAmount !== '' && !isAmount(filters.maxAmount);
  const inverted = amountsInverted(filters);
  const datesInverted = filters.fromDate && filters.toDate && filters.fromDate > filters.toDate;

  return (
    <div className="mb-4 space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search transactions"
            placeholder="Search by description, name or email"
            maxLength={TRANSACTION_SEARCH_MAX_LENGTH}
            value={filters.q}
            onChange={(e) => onChange({ q: e.target.value })}
            className="pl-9"
          />
        </div>
        <div className="flex gap-2">
          <label className="sr-only" htmlFor="transactions-sort">
            Sort by
          </label>
          <select
            id="transactions-sort"
            className={cn(SELECT, 'min-w-0 flex-1 sm:w-48 sm:flex-none')}
            value={filters.sort}
            onChange={(e) => onChange({ sort: e.target.value as ListFilters['sort'] })}
          >
            {TRANSACTION_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
          <Button
            type="button"
            variant="outline"
            aria-expanded={open}
            aria-controls="transactions-ranges"
            onClick={() => setOpen((o) => !o)}
            className="shrink-0"
          >
            <SlidersHorizontal aria-hidden="true" /> Filters
            {ranges > 0 && (
              <Badge variant="secondary" className="min-w-5 px-1.5">
                <span className="sr-only">(</span>
                {ranges}
                <span className="sr-only"> set)</span>
              </Badge>
            )}
          </Button>
        </div>
      </div>

      {open && (
        <fieldset
          id="transactions-ranges"
          className="grid grid-cols-2 gap-3 rounded-lg border bg-card p-4 sm:grid-cols-4 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
        >
          <legend className="sr-only">Amount and date ranges</legend>
          <label className={FIELD}>
            Minimum amount
            <Input
              inputMode="decimal"
              placeholder="0.00"
              value={filters.minAmount}
              aria-invalid={minBad || undefined}
              aria-describedby={minBad ? 'transactions-amount-error' : undefined}
              onChange={(e) => onChange({ minAmount: e.target.value })}
            />
          </label>
          <label className={FIELD}>
            Maximum amount
            <Input
              inputMode="decimal"
              placeholder="Any"
              value={filters.maxAmount}
              aria-invalid={maxBad || inverted || undefined}
              aria-describedby={maxBad || inverted ? 'transactions-amount-error' : undefined}
              onChange={(e) => onChange({ maxAmount: e.target.value })}
            />
          </label>
          <label className={FIELD}>
            Created from
            <Input type="date" value={filters.fromDate} onChange={(e) => onChange({ fromDate: e.target.value })} />
          </label>
          <label className={FIELD}>
            Created to
            <Input
              type="date"
              value={filters.toDate}
              min={filters.fromDate || undefined}
              aria-invalid={datesInverted || undefined}
              aria-describedby={datesInverted ? 'transactions-date-error' : undefined}
              onChange={(e) => onChange({ toDate: e.target.value })}
            />
          </label>
          <Button type="button" variant="ghost" onClick={onClear} className="col-span-2 sm:col-span-4 lg:col-span-1">
            <X aria-hidden="true" /> Clear filters
          </Button>
          {(minBad || maxBad || inverted) && (
            <p id="transactions-amount-error" className="col-span-full text-sm text-destructive" role="alert">
              {minBad || maxBad ? TRANSACTION_LIST_MESSAGES.amount : TRANSACTION_LIST_MESSAGES.amountRange}
            </p>
          )}
          {datesInverted && (
            <p id="transactions-date-error" className="col-span-full text-sm text-destructive" role="alert">
              {TRANSACTION_LIST_MESSAGES.dateRange}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
