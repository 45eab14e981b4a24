// Firestore hands the browser Timestamps; the app works with Dates, as the server sends them.
import { Timestamp } from 'firebase/firestore';

export function withDates<T>(value: T): T {
  if (value instanceof Timestamp) return value.toDate() as T;
  if (Array.isArray(value)) return value.map(withDates) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withDates(item)])) as T;
  return value;
}
