import { format, parseISO } from 'date-fns';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');

/** An amount in US dollars: `$1,234.50`. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** A whole number with thousands separators: `12,345`. */
export function formatCount(value: number): string {
  return count.format(value);
}

/** A timestamp or a `YYYY-MM-DD` day as `3 Mar 2025`; text that is not a date is shown as it came. */
export function formatDay(iso: string, pattern = 'd MMM yyyy'): string {
  // A bare day would be read as UTC midnight by `new Date`, a day early west of Greenwich; parseISO reads it locally.
  const date = parseISO(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, pattern);
}
