import { formatMoney } from '@holdfast/contracts/constants';

export { formatMoney };

interface NamedPerson {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

const clean = (value: string | null | undefined) => (value ?? '').trim();

/** Greeting name: first name, else the part of the email before @, else 'User'. */
export function greetingName(user: NamedPerson | null | undefined): string {
  const first = clean(user?.firstName);
  if (first) return first;
  const local = clean(user?.email).split('@')[0]?.trim();
  return local || 'User';
}

/** "First Last" when either is present, else null. */
export function fullName(user: NamedPerson | null | undefined): string | null {
  const name = [clean(user?.firstName), clean(user?.lastName)].filter(Boolean).join(' ');
  return name || null;
}

/** Full name, else email, else 'User'. */
export function displayName(user: NamedPerson | null | undefined): string {
  return fullName(user) ?? (clean(user?.email) || 'User');
}

/** Initials: first letters of first and last name, else first letter of the email, else 'U'. */
export function initials(user: NamedPerson | null | undefined): string {
  const first = clean(user?.firstName);
  const last = clean(user?.lastName);
  if (first && last) return (first[0] + last[0]).toUpperCase();
  if (first || last) return (first || last)[0].toUpperCase();
  const email = clean(user?.email);
  if (email) return email[0].toUpperCase();
  return 'U';
}

/** What a Success Rate shows before any deal has finished (the server's null), rather than a red 0%. */
export const NO_FINISHED_DEALS = 'No completed deals yet';

/** The server's Success Rate (decision 032: finished deals only) as shown: "57%", or NO_FINISHED_DEALS. */
export function successRateText(rate: number | null): string {
  return rate === null ? NO_FINISHED_DEALS : `${rate}%`;
}

/** Underscores shown as spaces and the first letter capitalised: in_review -> In review. */
export function humanize(value: string): string {
  const text = value.replace(/_/g, ' ').trim();
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Date formatters built once per locale and style: `toLocaleString(locale, options)` builds a new
 * Intl.DateTimeFormat on every call, among the costliest steps of rendering a list of transactions on a
 * slow phone. The text is the same.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** 22 Nov 2025 */
export function formatDate(value: string | number | Date | null | undefined, locale?: string): string {
  if (value === null || value === undefined) return '';
  const date = toDate(value);
  return date ? dateFormat(locale ?? 'en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(date) : '';
}

/** 22 Nov 2025, 14:05 */
export function formatDateTime(value: string | number | Date | null | undefined, locale?: string): string {
  if (value === null || value === undefined) return '';
  const date = toDate(value);
  return date
    ? dateFormat(locale ?? 'en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }).format(date)
    : '';
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", else the date. */
export function formatRelative(value: string | number | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? '' : 's'} ago`;
  return formatDate(date);
}
