// When the door admits: a published event, from two hours before its doors time until its end.
// Used by scanning (a scan outside these hours is "not on tonight") and by the scanner's event
// picker; no Node module or schema library here.
import type { EventDocument } from '@/features/events/events';

/** The door opens this long before the event's doors time, and closes at its end. */
export const DOOR_OPENS_BEFORE_MS = 2 * 60 * 60 * 1000;

/** Whether the event admits now: published, from two hours before doors until its end. */
export function doorIsOpen(event: Pick<EventDocument, 'status' | 'doorsAt' | 'endsAt'>, now: Date): boolean {
  return event.status === 'published' && now.getTime() >= event.doorsAt.getTime() - DOOR_OPENS_BEFORE_MS && now < event.endsAt;
}
