'use client';
// /admin/events: the programme's list and editor (events) with each event's figures at the door,
// put together here because the door sits above events (it admits people to them).
import { EventDoorFigures, EventRowDoor } from '@/features/door/ui/AdminDoor';
import { AdminEvents } from '@/features/events/ui/AdminEvents';

export function EventsWithDoor() {
  return <AdminEvents rowDoor={(row) => <EventRowDoor {...row} />} doorFigures={(eventId) => <EventDoorFigures eventId={eventId} />} />;
}
