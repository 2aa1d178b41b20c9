import type { UseFormReturn } from 'react-hook-form';
import {
  BANK_FIELDS,
  BANK_FORM_OF,
  type BankField,
  type CurrencyCode,
  type TWithdrawRequest,
} from '@holdfast/contracts';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface FieldText {
  label: string;
  hint?: string;
  placeholder?: string;
  numeric?: boolean;
}

/** How each field reads, by the currency's bank form where the same field means something else. */
function textOf(field: BankField, currency: CurrencyCode): FieldText {
  const form = BANK_FORM_OF[currency];
  switch (field) {
    case 'bankName':
      return { label: 'Bank name', placeholder: 'e.g. FNB' };
    case 'branchCode':
      return { label: 'Branch code', hint: '6 digits; most banks have one universal code.', numeric: true };
    case 'accountNumber':
      return {
        label: 'Account number',
        hint: '6 to 34 digits. We keep only the last four.',
        placeholder: 'e.g. 6200 1234 5678',
        numeric: true,
      };
    case 'iban':
      return {
        label: 'IBAN',
        hint: 'We keep only the last four characters.',
        placeholder: 'e.g. GB82 WEST 1234 5698 7654 32',
      };
    case 'bic':
      return form === 'us'
        ? { label: 'SWIFT code (international transfers)', hint: 'Only if your bank has no US routing number.' }
        : { label: 'BIC/SWIFT (optional)', placeholder: 'e.g. NWBKGB2L' };
    case 'routingNumber':
      return { label: 'Routing number (ABA)', hint: '9 digits, on your checks or in your bank’s app.', numeric: true };
  }
}

/** The destination fields a bank needs for the chosen currency (the contract's BANK_FIELDS), each validated. */
export function WithdrawBankFields({
  form,
  currency,
  idPrefix,
}: {
  form: UseFormReturn<TWithdrawRequest & { currency: CurrencyCode }>;
  currency: CurrencyCode;
  idPrefix: string;
}) {
  const { errors } = form.formState;
  return (
    <>
      {BANK_FIELDS[BANK_FORM_OF[currency]].map((field) => {
        const text = textOf(field, currency);
        const id = `${idPrefix}-${field}`;
        const error = errors[field]?.message;
        const describedBy = [error && `${id}-error`, text.hint && `${id}-hint`].filter(Boolean).join(' ');
        return (
          <div key={field} className="grid gap-2">
            <Label htmlFor={id}>{text.label}</Label>
            <Input
              id={id}
              inputMode={text.numeric ? 'numeric' : undefined}
              autoComplete="off"
              placeholder={text.placeholder}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
              {...form.register(field)}
            />
            <FieldError id={`${id}-error`} message={error} />
            {text.hint && (
              <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                {text.hint}
              </p>
            )}
          </div>
        );
      })}
    </>
  );
}
