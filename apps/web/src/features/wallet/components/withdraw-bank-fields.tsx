import type { UseFormReturn } from 'react-hook-form';
import {
  ACCOUNT_NUMBER_DIGITS,
  BANK_FIELDS,
  BANK_FORM_OF,
  type BankField,
  type TBankForm,
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
    case 'institutionNumber':
      return { label: 'Institution number', hint: '3 digits that identify your bank (e.g. 003).', numeric: true };
    case 'branchCode':
      if (form === 'ca') return { label: 'Transit number', hint: '5 digits that identify your branch.', numeric: true };
      if (form === 'au')
        return {
          label: 'BSB',
          hint: '6 digits that identify your branch.',
          placeholder: 'e.g. 062-000',
          numeric: true,
        };
      return { label: 'Branch code', hint: '6 digits; most banks have one universal code.', numeric: true };
    case 'accountNumber': {
      const digits = form === 'iban' ? null : ACCOUNT_NUMBER_DIGITS[form];
      return {
        label: 'Account number',
        hint: `${digits ? `${digits.min} to ${digits.max} digits. ` : ''}We keep only the last four.`,
        placeholder: ACCOUNT_PLACEHOLDER[form],
        numeric: true,
      };
    }
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

/** An example account number in the length the country's banks use. */
const ACCOUNT_PLACEHOLDER: Partial<Record<TBankForm, string>> = {
  za: 'e.g. 6200 1234 5678',
  us: 'e.g. 6200 1234 5678',
  ca: 'e.g. 1234567',
  au: 'e.g. 1234 5678',
};

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
