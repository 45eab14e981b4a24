'use client';
// /admin/events: the programme's list and editor (events) with each event's figures at the door
// and its guests and tickets, put together here because the door and the tickets sit above events.
import { EventDoorFigures, EventRowDoor } from '@/features/door/ui/AdminDoor';
import { AdminEvents } from '@/features/events/ui/AdminEvents';
import { AdminTickets } from '@/features/tickets/ui/AdminTickets';

export function EventsWithDoor() {
  return <AdminEvents rowDoor={(row) => <EventRowDoor {...row} />} doorFigures={(eventId) => <EventDoorFigures eventId={eventId} />} tickets={(eventId) => <AdminTickets eventId={eventId} />} />;
}
