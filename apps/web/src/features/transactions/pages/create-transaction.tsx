import * as React from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link, useLocation } from 'wouter';
import { Lock, Package, PlusCircle, Wrench } from 'lucide-react';
import {
  DEFAULT_CURRENCY,
  DESCRIPTION_MAX_LENGTH,
  ESCROW_TIMERS,
  canCreateTransactions,
  ZCreateTransactionRequest,
  type TCreateTransactionRequest,
  type TTransactionType,
} from '@holdfast/contracts';
import { CurrencySelect } from '@/components/currency-select';
import { AccessDenied } from '@/components/access-denied';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { NoticeCard } from '@/components/ui/notice-card';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Switch } from '@/components/ui/switch';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorCode, errorMessage } from '@/lib/api';
import { showServerFieldErrors, FOCUS_FIRST_ERROR_ONCE, focusingFirstError } from '@/lib/form';
import { useUser } from '@/lib/auth';
import { useCurrencies } from '@/lib/queries/get-currencies';
import { cn } from '@/lib/utils';
import { TransactionLimitNotice, VerificationRequiredAlert } from '@/components/verification/limit-notice';
import { useCreateTransaction } from '../api/create-transaction';
import { useAmountValidation } from '../api/validate-amount';
import { FeeCalculator, FeeLine, SecureEscrowNote, SupportedCurrencies } from '../components/side-panels';
import {
  MilestonesFields,
  checkMilestoneRows,
  emptyMilestoneRow,
  milestonesBody,
  milestonesSum,
  stagedFigures,
  type MilestoneRow,
} from '../components/milestones-fields';
import { limitsLine, sanitizeAmountInput } from '../lib/amount';

const TYPES: Array<{ value: TTransactionType; label: string; hint: string; icon: typeof Package }> = [
  { value: 'product', label: 'Product', hint: 'Buying an item', icon: Package },
  { value: 'service', label: 'Service', hint: 'Hiring someone', icon: Wrench },
];

export function CreateTransactionPage() {
  const { user, isLoading } = useUser();
  if (isLoading) return null;
  if (!user) {
    return <AccessDenied description="Please log in to create transactions." />;
  }
  if (!canCreateTransactions(user.role)) {
    return (
      <NoticeCard
        icon={<Lock />}
        title="Only buyers create transactions"
        description="A buyer starts a transaction with your email address as the seller; you then accept it from your transactions."
        asPageTitle
      >
        <Button asChild>
          <Link href="/transactions">View Transactions</Link>
        </Button>
      </NoticeCard>
    );
  }
  return <CreateTransactionForm />;
}

type FormInput = TCreateTransactionRequest;
type TCreateTransactionOutput = z.output<typeof ZCreateTransactionRequest>;
const FIELDS = ['amount', 'currency', 'sellerEmail', 'description', 'inspectionDays'] as const;
const INSPECTION = ESCROW_TIMERS.inspectionDays;

function CreateTransactionForm() {
  const [, navigate] = useLocation();
  const { currencies } = useCurrencies();
  const create = useCreateTransaction();
  // The server's request schema checks the form (amount rules, seller address, description) before it is sent.
  const form = useForm<FormInput, unknown, TCreateTransactionOutput>({
    ...FOCUS_FIRST_ERROR_ONCE,
    resolver: zodResolver(ZCreateTransactionRequest),
    mode: 'onTouched',
    defaultValues: {
      type: 'product',
      currency: currencies.default ?? DEFAULT_CURRENCY,
      amount: '',
      sellerEmail: '',
      description: '',
      inspectionDays: INSPECTION.default,
    },
  });
  const { errors } = form.formState;
  const [typeValue, currency, amountValue, sellerEmail, description] = form.watch([
    'type',
    'currency',
    'amount',
    'sellerEmail',
    'description',
  ]);
  const type = typeValue ?? 'product';
  // Pay in stages (decision 033): on by default for a service, allowed for a product.
  const [staged, setStaged] = React.useState(false);
  const [rows, setRows] = React.useState<MilestoneRow[]>(() => [emptyMilestoneRow(), emptyMilestoneRow()]);
  const [showStageErrors, setShowStageErrors] = React.useState(false);
  const stages = checkMilestoneRows(rows, currency);
  const sum = milestonesSum(rows, currency);
  const { setValue, formState } = form;
  // While staged the amount is the milestones' sum (the field is read-only); the request sends both.
  React.useEffect(() => {
    if (staged) setValue('amount', sum, { shouldValidate: formState.isSubmitted });
  }, [staged, sum, setValue, formState.isSubmitted]);
  const amount = String(amountValue ?? '');
  const validation = useAmountValidation(amount, currency);
  // Staged: the fee is per milestone (3% of each, half-up), so the figures come from the shared rule.
  const stagedResult = staged
    ? { valid: stages.ok, error: stages.ok ? null : stages.error, formatted: stagedFigures(stages, currency) }
    : null;
  const result = stagedResult ?? validation.result;
  const amountValid = staged ? !!sum : validation.result?.valid === true;
  // The live server answer while typing; the schema's message once the field was left or submitted.
  const amountError =
    (amount && validation.result && !validation.result.valid ? validation.result.error : null) ??
    errors.amount?.message;
  const info = currencies.supported.find((c) => c.code === currency);
  const sellerLabel = type === 'service' ? 'Service Provider Email' : 'Seller Email';
  const canSubmit = !create.isPending && amountValid && !!sellerEmail.trim() && !!description.trim();

  const onInvalid = (invalid: FieldErrors<FormInput>) => {
    if (invalid.amount || invalid.currency) toastError('Please fix validation errors before submitting');
  };
  const onSubmit = form.handleSubmit((values) => {
    if (!amountValid || (staged && !stages.ok)) {
      setShowStageErrors(true);
      toastError('Please fix validation errors before submitting');
      return;
    }
    create.mutate(staged ? { ...values, milestones: milestonesBody(rows) } : values, {
      onSuccess: () => {
        toast({ title: 'Transaction created successfully' });
        navigate('/transactions');
      },
      onError: (err) => {
        showServerFieldErrors(err, form.setError, FIELDS);
        // A verification limit is explained in the form itself, with its button (VerificationRequiredAlert).
        if (errorCode(err) !== 'VERIFICATION_REQUIRED') toastError(errorMessage(err, 'Failed to create transaction'));
      },
    });
  }, focusingFirstError(onInvalid));

  return (
    <>
      <PageHeader
        title="Create Transaction"
        description="Set up a secure escrow transaction with a seller or service provider."
        icon={<PlusCircle />}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Transaction Details</CardTitle>
            <CardDescription>The seller is asked to accept before anything is delivered.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={onSubmit} noValidate className="grid gap-6">
              {/* The verification tier's limit, before anything is typed; a refusal with its way forward. */}
              <TransactionLimitNotice currency={currency} />
              <VerificationRequiredAlert error={create.error} />
              <fieldset className="grid gap-3">
                <legend className="mb-3 text-sm font-medium">Transaction Type</legend>
                <RadioGroup
                  value={type}
                  onValueChange={(v) => {
                    form.setValue('type', v as TTransactionType);
                    setStaged(v === 'service');
                  }}
                  className="grid grid-cols-2 gap-3"
                  aria-label="Transaction Type"
                >
                  {TYPES.map((t) => (
                    <Label
                      key={t.value}
                      htmlFor={`type-${t.value}`}
                      className={cn(
                        'cursor-pointer items-start rounded-lg border p-3 transition-colors hover:bg-accent/50 sm:p-4',
                        type === t.value && 'border-primary bg-primary/5 ring-1 ring-primary',
                      )}
                    >
                      <RadioGroupItem id={`type-${t.value}`} value={t.value} className="mt-0.5" />
                      <span className="grid gap-1">
                        <span className="flex items-center gap-1.5 font-medium">
                          <t.icon className="size-4 text-primary" aria-hidden="true" /> {t.label}
                        </span>
                        <span className="text-xs font-normal text-muted-foreground">{t.hint}</span>
                      </span>
                    </Label>
                  ))}
                </RadioGroup>
              </fieldset>

              <div className="flex items-start gap-3 rounded-lg border p-3 sm:p-4">
                <Switch
                  id="staged"
                  checked={staged}
                  onCheckedChange={setStaged}
                  aria-describedby="staged-help"
                  className="mt-0.5"
                />
                <div className="grid gap-1">
                  <Label htmlFor="staged">Pay in stages</Label>
                  <p id="staged-help" className="text-xs text-muted-foreground">
                    Split the deal into milestones: fund, receive and release each one on its own.
                  </p>
                </div>
              </div>

              <div className="grid gap-4 sm:grid-cols-[minmax(0,16rem)_1fr]">
                <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-2">
                  <Label htmlFor="currency">Currency</Label>
                  <CurrencySelect
                    id="currency"
                    value={currency}
                    onValueChange={(v) => form.setValue('currency', v, { shouldValidate: form.formState.isSubmitted })}
                    currencies={currencies}
                    aria-invalid={errors.currency ? true : undefined}
                    aria-describedby={errors.currency ? 'currency-error' : undefined}
                  />
                  <FieldError id="currency-error" message={errors.currency?.message} />
                </div>
                <div className="grid content-start gap-2">
                  <Label htmlFor="amount">Amount</Label>
                  <div className="relative">
                    <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
                      {info?.symbol}
                    </span>
                    <Controller
                      control={form.control}
                      name="amount"
                      render={({ field }) => (
                        <Input
                          id="amount"
                          name={field.name}
                          ref={field.ref}
                          inputMode="decimal"
                          autoComplete="off"
                          placeholder="0.00"
                          value={field.value}
                          readOnly={staged}
                          onChange={(e) => field.onChange(sanitizeAmountInput(e.target.value))}
                          onBlur={field.onBlur}
                          aria-invalid={amountError ? true : undefined}
                          aria-describedby="amount-help"
                          className={cn(
                            info && info.symbol.length > 1 ? 'pl-11' : 'pl-8',
                            staged && 'bg-muted/50',
                            amountError && 'border-red-500 focus-visible:border-red-500',
                          )}
                        />
                      )}
                    />
                  </div>
                  <div id="amount-help" className="grid gap-0.5 text-xs">
                    {amountError && <p className="text-sm text-destructive">{amountError}</p>}
                    {staged && <p className="text-muted-foreground">The sum of the milestones below.</p>}
                    {info && <p className="text-muted-foreground">{limitsLine(info)}</p>}
                    {validation.pending && <p className="sr-only">Checking amount</p>}
                    {/* On phones the calculator sits far below: the fee and total show under the amount. */}
                    <FeeLine result={result} className="lg:hidden" />
                  </div>
                </div>
              </div>

              {staged && (
                <MilestonesFields
                  rows={rows}
                  onChange={setRows}
                  currency={currency}
                  symbol={info?.symbol}
                  check={stages}
                  showErrors={showStageErrors}
                />
              )}

              <div className="grid gap-2">
                <Label htmlFor="sellerEmail">{sellerLabel}</Label>
                <Input
                  id="sellerEmail"
                  type="email"
                  autoComplete="off"
                  required
                  placeholder={type === 'service' ? 'provider@example.com' : 'seller@example.com'}
                  aria-invalid={errors.sellerEmail ? true : undefined}
                  aria-describedby="sellerEmail-error sellerEmail-help"
                  {...form.register('sellerEmail')}
                />
                <FieldError id="sellerEmail-error" message={errors.sellerEmail?.message} />
                <p id="sellerEmail-help" className="text-xs text-muted-foreground">
                  They will see this transaction once they sign in with this email address.
                </p>
              </div>

              <div className="grid gap-2">
                <Label htmlFor="description">Description</Label>
                <Textarea
                  id="description"
                  rows={4}
                  required
                  maxLength={DESCRIPTION_MAX_LENGTH}
                  placeholder={
                    type === 'service'
                      ? 'Describe the service, what is included and when it should be done'
                      : 'Describe the item, its condition and how it will be delivered'
                  }
                  aria-invalid={errors.description ? true : undefined}
                  aria-describedby="description-error"
                  {...form.register('description')}
                />
                <FieldError id="description-error" message={errors.description?.message} />
              </div>

              <div className="grid gap-2">
                <Label htmlFor="inspectionDays">Inspection period</Label>
                <div className="flex items-center gap-2">
                  <Input
                    id="inspectionDays"
                    type="number"
                    inputMode="numeric"
                    min={INSPECTION.min}
                    max={INSPECTION.max}
                    step={1}
                    className="w-24"
                    aria-invalid={errors.inspectionDays ? true : undefined}
                    aria-describedby="inspectionDays-error inspectionDays-help"
                    {...form.register('inspectionDays', { valueAsNumber: true })}
                  />
                  <span className="text-sm text-muted-foreground">days</span>
                </div>
                <FieldError id="inspectionDays-error" message={errors.inspectionDays?.message} />
                <p id="inspectionDays-help" className="text-xs text-muted-foreground">
                  {`After delivery, you have this many days to inspect before the money is released automatically (${INSPECTION.min}–${INSPECTION.max} days).`}
                </p>
              </div>

              <Button type="submit" size="lg" disabled={!canSubmit} className="w-full sm:w-fit">
                {create.isPending && <Spinner />}
                {create.isPending ? 'Creating Transaction...' : 'Create Transaction'}
              </Button>
            </form>
          </CardContent>
        </Card>

        <div className="space-y-6">
          <div className="hidden lg:block">
            <FeeCalculator result={result} />
          </div>
          <SupportedCurrencies currencies={currencies} />
          <SecureEscrowNote />
        </div>
      </div>
    </>
  );
}
