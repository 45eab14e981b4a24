'use client';
// /admin/events: the programme's list and editor (events) with each event's figures at the door
// and its guests and tickets, put together here because the door and the tickets sit above events;
// a ticket's holder is banned by address with the ban list's own form.
import { BanButton } from '@/features/bans/ui/BanActions';
import { EventDoorFigures, EventRowDoor } from '@/features/door/ui/AdminDoor';
import { AdminEvents } from '@/features/events/ui/AdminEvents';
import { AdminTickets, type HolderActions } from '@/features/tickets/ui/AdminTickets';

/** A guest may have no account: the ban is of the address, the name filled in. */
const banHolder: HolderActions = (holder, onFeedback) => <BanButton person={{ kind: 'email', email: holder.email, name: holder.name }} name={holder.name || holder.email} onFeedback={onFeedback} />;

export function EventsWithDoor() {
  return <AdminEvents rowDoor={(row) => <EventRowDoor {...row} />} doorFigures={(eventId) => <EventDoorFigures eventId={eventId} />} tickets={(eventId) => <AdminTickets eventId={eventId} holderActions={banHolder} />} />;
}
