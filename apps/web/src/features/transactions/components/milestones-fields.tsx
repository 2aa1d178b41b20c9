import * as React from 'react';
import { Plus, Trash2 } from 'lucide-react';
import {
  FEE_RATE_LABEL,
  MILESTONE_LIMITS,
  checkMilestones,
  checkTransactionAmount,
  decimalsOf,
  formatMoney,
  fromMinor,
  toMinor,
  type MilestonesCheck,
} from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { sanitizeAmountInput } from '../lib/amount';

/** One milestone row of the create form, as typed (the amount a decimal string, the due date YYYY-MM-DD or ''). */
export interface MilestoneRow {
  key: number;
  title: string;
  amount: string;
  dueDate: string;
}

let nextKey = 1;
export const emptyMilestoneRow = (): MilestoneRow => ({ key: nextKey++, title: '', amount: '', dueDate: '' });

/** The rows as the request sends them: no empty due date. */
export const milestonesBody = (rows: readonly MilestoneRow[]) =>
  rows.map((r) => ({ title: r.title.trim(), amount: r.amount.trim(), ...(r.dueDate ? { dueDate: r.dueDate } : {}) }));

/** The shared rule (contracts' checkMilestones): each amount within the currency's limits, fees per milestone. */
export const checkMilestoneRows = (rows: readonly MilestoneRow[], currency: string): MilestonesCheck =>
  checkMilestones(milestonesBody(rows), currency);

/** The sum of the amounts typed so far (rows without a readable amount count 0), as the amount field shows it. */
export function milestonesSum(rows: readonly MilestoneRow[], currency: string): string {
  const places = decimalsOf(currency);
  const sum = rows.reduce((s, r) => s + (toMinor(r.amount.trim() || '0', places) ?? 0n), 0n);
  return sum > 0n ? fromMinor(sum, places) : '';
}

/** The amount, fee and total of the deal paid in stages, formatted like the server's /validate answer. */
export function stagedFigures(check: MilestonesCheck, currency: string) {
  if (!check.ok) return null;
  const show = (minor: bigint) => formatMoney(fromMinor(minor, decimalsOf(currency)), currency);
  return { amount: show(check.amountMinor), fee: show(check.feeMinor), total: show(check.totalMinor) };
}

interface MilestonesFieldsProps {
  rows: MilestoneRow[];
  onChange: (rows: MilestoneRow[]) => void;
  currency: string;
  symbol?: string;
  /** The first problem of checkMilestones, shown once the form was submitted or a row was left. */
  check: MilestonesCheck;
  showErrors: boolean;
}

/**
 * "Pay in stages" (issue 29, decision 033): up to 10 milestones with a title, an amount and an optional due
 * date. Each row shows its own fee (3%, half-up, by the contracts' rule); the deal's figures are their sums.
 */
export function MilestonesFields({ rows, onChange, currency, symbol, check, showErrors }: MilestonesFieldsProps) {
  const id = React.useId();
  const update = (key: number, patch: Partial<MilestoneRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const error = showErrors && !check.ok ? check : null;
  const rowError = (i: number, field: 'title' | 'amount') =>
    error && error.path[0] === i && error.path[1] === field ? error.error : null;
  const figures = stagedFigures(check, currency);

  return (
    <fieldset className="grid gap-3" aria-describedby={`${id}-help`}>
      <legend className="mb-1 text-sm font-medium">Milestones</legend>
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        You fund each milestone on its own; the seller is paid for it when you confirm it, or when its inspection period
        ends. At most {MILESTONE_LIMITS.max} milestones.
      </p>
      <ol className="grid gap-3">
        {rows.map((row, i) => {
          const n = i + 1;
          const titleError = rowError(i, 'title');
          const amountError = rowError(i, 'amount');
          const amountCheck = row.amount.trim() ? checkTransactionAmount(row.amount, currency) : null;
          const show = (minor: bigint) => formatMoney(fromMinor(minor, decimalsOf(currency)), currency);
          const rid = `${id}-${row.key}`;
          return (
            <li key={row.key} className="grid gap-3 rounded-lg border bg-muted/20 p-3" data-testid="milestone-row">
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-semibold text-brand-ink">Milestone {n}</span>
                {rows.length > MILESTONE_LIMITS.min && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                    aria-label={`Remove milestone ${n}`}
                  >
                    <Trash2 aria-hidden="true" /> Remove
                  </Button>
                )}
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${rid}-title`}>Title of milestone {n}</Label>
                <Input
                  id={`${rid}-title`}
                  value={row.title}
                  maxLength={MILESTONE_LIMITS.titleMaxLength}
                  placeholder={n === 1 ? 'e.g. Design approved' : 'e.g. Final delivery'}
                  autoComplete="off"
                  onChange={(e) => update(row.key, { title: e.target.value })}
                  aria-invalid={titleError ? true : undefined}
                  aria-describedby={titleError ? `${rid}-title-error` : undefined}
                />
                {titleError && (
                  <p id={`${rid}-title-error`} className="text-sm text-destructive">
                    {titleError}
                  </p>
                )}
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="grid content-start gap-2">
                  <Label htmlFor={`${rid}-amount`}>Amount of milestone {n}</Label>
                  <div className="relative">
                    <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
                      {symbol}
                    </span>
                    <Input
                      id={`${rid}-amount`}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0.00"
                      value={row.amount}
                      onChange={(e) => update(row.key, { amount: sanitizeAmountInput(e.target.value) })}
                      aria-invalid={amountError ? true : undefined}
                      aria-describedby={`${rid}-amount-help`}
                      className={cn(symbol && symbol.length > 1 ? 'pl-11' : 'pl-8')}
                    />
                  </div>
                  <div id={`${rid}-amount-help`} className="text-xs">
                    {amountError ? (
                      <p className="text-sm text-destructive">{amountError}</p>
                    ) : amountCheck?.valid ? (
                      <p className="text-muted-foreground" data-testid="milestone-fee">
                        Fee ({FEE_RATE_LABEL}) {show(amountCheck.feeMinor)} · You pay {show(amountCheck.totalMinor)}
                      </p>
                    ) : amountCheck ? (
                      <p className="text-destructive">{amountCheck.error}</p>
                    ) : null}
                  </div>
                </div>
                <div className="grid content-start gap-2">
                  <Label htmlFor={`${rid}-due`}>Due date (optional)</Label>
                  <Input
                    id={`${rid}-due`}
                    type="date"
                    value={row.dueDate}
                    onChange={(e) => update(row.key, { dueDate: e.target.value })}
                  />
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {error && error.path.length === 0 && <p className="text-sm text-destructive">{error.error}</p>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={rows.length >= MILESTONE_LIMITS.max}
          onClick={() => onChange([...rows, emptyMilestoneRow()])}
        >
          <Plus aria-hidden="true" /> Add milestone
        </Button>
        <p className="text-sm" aria-live="polite" data-testid="milestones-total">
          {figures ? (
            <>
              <span className="text-muted-foreground">Fees</span> {figures.fee} ·{' '}
              <span className="text-muted-foreground">Total you pay</span>{' '}
              <strong className="text-brand-ink">{figures.total}</strong>
            </>
          ) : (
            <span className="text-muted-foreground">
              {rows.length} of {MILESTONE_LIMITS.max} milestones
            </span>
          )}
        </p>
      </div>
    </fieldset>
  );
}
