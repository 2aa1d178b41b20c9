import type { TCurrenciesResponse } from '@holdfast/contracts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** A currency picker listing each supported currency as "ZAR (R) · South African Rand". */
export function CurrencySelect({
  id,
  value,
  onValueChange,
  currencies,
  ...aria
}: {
  /** For the `<Label htmlFor>` that names it. */
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  value: string;
  onValueChange: (code: string) => void;
  currencies: TCurrenciesResponse;
}) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger id={id} {...aria}>
        <SelectValue placeholder="Select currency" />
      </SelectTrigger>
      <SelectContent>
        {currencies.supported.map((c) => (
          <SelectItem key={c.code} value={c.code}>
            {c.code} ({c.symbol}) · {c.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
