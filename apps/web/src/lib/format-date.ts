import { format, parseISO } from 'date-fns';

/** A timestamp or a `YYYY-MM-DD` day as `3 Mar 2025` (or another date-fns `pattern`); text that is not a date is shown as it came. */
export function formatDay(iso: string, pattern = 'd MMM yyyy'): string {
  // A bare day would be read as UTC midnight by `new Date`, a day early west of Greenwich; parseISO reads it locally.
  const date = parseISO(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, pattern);
}

/** A timestamp as `3 Mar 2025, 14:05` (local time); text that is not a date is shown as it came. */
export function formatDateTime(iso: string): string {
  return formatDay(iso, 'd MMM yyyy, HH:mm');
}
