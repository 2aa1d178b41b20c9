import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowUpRight } from 'lucide-react';
import {
  BANK_FIELD_NAMES,
  CURRENCIES,
  formatMoney,
  HOLD_TEXTS,
  WITHDRAWAL_MESSAGES,
  ZWithdrawRequest,
  type BankField,
  type CurrencyCode,
  type TWalletBalance,
  type TWithdrawRequest,
} from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorCode, errorMessage } from '@/lib/api';
import { showServerFieldErrors, FOCUS_FIRST_ERROR_ONCE, focusingFirstError } from '@/lib/form';
import { ReviewMoneyStep } from '@/components/review-money-step';
import { VerificationRequiredAlert, WithdrawalLimitNotice } from '@/components/verification/limit-notice';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { exceedsBalance, withdrawableBalances, withdrawBody, withdrawReviewRows } from '../lib/withdraw';
import { WithdrawBankFields } from './withdraw-bank-fields';

type WithdrawValues = TWithdrawRequest & { currency: CurrencyCode };

const FIELDS = ['amount', 'currency', 'accountHolderName', ...BANK_FIELD_NAMES] as const;

/**
 * The Wallet page's Withdraw action: an amount from a currency the person holds, to a bank account.
 * The contract's rules (minimum, digits) and the available balance are checked before the call; the
 * server's answer (e.g. the balance changed meanwhile) is shown under the field or as a toast. A valid
 * form opens a review step (amount, masked destination, fee, arrival); only its confirm sends the request.
 */
export function WithdrawDialog({ wallet, holderName }: { wallet: TWalletBalance | undefined; holderName: string }) {
  const [open, setOpen] = React.useState(false);
  // The request the review step shows and sends; null while the form is being filled in.
  const [review, setReview] = React.useState<ReturnType<typeof withdrawBody> | null>(null);
  const withdraw = useCreateWithdrawal();
  const held = withdrawableBalances(wallet);
  const available = (currency: string) => held.find((b) => b.currency === currency)?.balance ?? '0';
  // One key per opened form: a double submit or a retry after a lost answer withdraws once.
  const idempotencyKey = React.useRef('');

  const schema = React.useMemo(
    () =>
      ZWithdrawRequest.superRefine((v, ctx) => {
        const problem = exceedsBalance(v.amount, v.currency, available(v.currency));
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['amount'] });
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `available` reads `held`, derived from wallet
    [wallet],
  );
  const empty = (): WithdrawValues => ({
    amount: '',
    currency: held[0]?.currency ?? 'ZAR',
    accountHolderName: holderName,
    ...(Object.fromEntries(BANK_FIELD_NAMES.map((f) => [f, ''])) as Record<BankField, string>),
  });
  const form = useForm<WithdrawValues, unknown, WithdrawValues>({
    ...FOCUS_FIRST_ERROR_ONCE,
    resolver: zodResolver(schema),
    defaultValues: empty(),
  });
  const { errors } = form.formState;
  const currency = form.watch('currency');
  const id = React.useId();
  const ids = {
    currency: `${id}-currency`,
    amount: `${id}-amount`,
    amountHint: `${id}-amount-hint`,
    amountError: `${id}-amount-error`,
    holder: `${id}-holder`,
    holderError: `${id}-holder-error`,
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setReview(null);
    if (next) {
      form.reset(empty());
      withdraw.reset();
      idempotencyKey.current = crypto.randomUUID();
    }
  };

  const onSubmit = form.handleSubmit((values) => setReview(withdrawBody(values)), focusingFirstError());

  const onConfirm = () => {
    if (!review) return;
    withdraw.mutate(
      { body: review, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: (w) => {
          toast({
            title: WITHDRAWAL_MESSAGES.requested,
            description:
              w.status === 'held'
                ? `${formatMoney(w.amount, w.currency)}: ${HOLD_TEXTS.held.title.toLowerCase()}; see the wallet page.`
                : `${formatMoney(w.amount, w.currency)} to the account ending ${w.accountLast4}.`,
          });
          setReview(null);
          setOpen(false);
        },
        onError: (err) => {
          // A refused request may be corrected and sent again: it needs a key of its own.
          idempotencyKey.current = crypto.randomUUID();
          // Back to the form, where a refused field shows its message.
          setReview(null);
          showServerFieldErrors(err, form.setError, FIELDS);
          // A verification limit is explained in the form itself, with its button (VerificationRequiredAlert).
          if (errorCode(err) !== 'VERIFICATION_REQUIRED')
            toastError(errorMessage(err, WITHDRAWAL_MESSAGES.requestFailed));
        },
      },
    );
  };

  const nothingToWithdraw = held.length === 0;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="lg"
          className="w-full border-white/30 bg-transparent text-white hover:bg-white/10 hover:text-white sm:w-fit"
        >
          <ArrowUpRight aria-hidden="true" /> Withdraw
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Withdraw Funds</DialogTitle>
            <DialogDescription>Send money from your wallet to your bank account.</DialogDescription>
          </DialogHeader>
          {/* The verification tier's withdrawal limit, before the form is filled; a refusal with its way forward. */}
          {!nothingToWithdraw && <WithdrawalLimitNotice currency={currency} />}
          <VerificationRequiredAlert error={withdraw.error} />
          {nothingToWithdraw ? (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
              Your wallet is empty. Deposits and released payments can be withdrawn.
            </p>
          ) : (
            <>
              <div className="grid gap-2">
                <Label htmlFor={ids.currency}>Currency</Label>
                <Controller
                  control={form.control}
                  name="currency"
                  render={({ field }) => (
                    <Select
                      value={field.value}
                      onValueChange={(v) => {
                        field.onChange(v);
                        if (form.getValues('amount')) void form.trigger('amount');
                      }}
                    >
                      <SelectTrigger id={ids.currency}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {held.map((b) => (
                          <SelectItem key={b.currency} value={b.currency}>
                            {b.currency} · {formatMoney(b.balance, b.currency)} available
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={ids.amount}>Amount</Label>
                <Input
                  id={ids.amount}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  aria-invalid={errors.amount ? true : undefined}
                  aria-describedby={errors.amount ? `${ids.amountError} ${ids.amountHint}` : ids.amountHint}
                  {...form.register('amount')}
                />
                <FieldError id={ids.amountError} message={errors.amount?.message} />
                <p id={ids.amountHint} className="text-xs text-muted-foreground">
                  Available: <span className="whitespace-nowrap">{formatMoney(available(currency), currency)}</span>.
                  Minimum withdrawal is{' '}
                  <span className="whitespace-nowrap">{formatMoney(CURRENCIES[currency].minWithdrawal, currency)}</span>
                  .
                </p>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={ids.holder}>Account holder name</Label>
                <Input
                  id={ids.holder}
                  autoComplete="name"
                  aria-invalid={errors.accountHolderName ? true : undefined}
                  aria-describedby={errors.accountHolderName ? ids.holderError : undefined}
                  {...form.register('accountHolderName')}
                />
                <FieldError id={ids.holderError} message={errors.accountHolderName?.message} />
              </div>
              <WithdrawBankFields form={form} currency={currency} idPrefix={id} />
            </>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={withdraw.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={withdraw.isPending || nothingToWithdraw}>
              Review withdrawal
            </Button>
          </DialogFooter>
        </form>
        {review && (
          <ReviewMoneyStep
            open
            onOpenChange={(next) => !next && setReview(null)}
            title="Review your withdrawal"
            description="The money leaves your wallet as soon as you confirm."
            rows={withdrawReviewRows({ ...review, currency: review.currency as CurrencyCode })}
            confirmLabel={`Withdraw ${formatMoney(String(review.amount), review.currency)}`}
            pendingLabel="Requesting..."
            pending={withdraw.isPending}
            onConfirm={onConfirm}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
