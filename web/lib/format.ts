import { format } from 'date-fns';

/** Spec 2.16: dates read 'MMM dd, yyyy'; a yyyy-mm-dd date is a calendar day, not a UTC instant. */
export function formatDate(value: string | null | undefined, empty = '—'): string {
  if (!value) return empty;
  return format(new Date(value.length === 10 ? `${value}T00:00:00` : value), 'MMM dd, yyyy');
}

/** A moment with its time, for logs such as who viewed what. */
export function formatDateTime(value: string): string {
  return format(new Date(value), "MMM dd, yyyy 'at' h:mm a");
}
