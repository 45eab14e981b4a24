// A grid of event cards (the home page's next events, the programme's upcoming and past ones).
import type { PublicEvent } from '../event-catalogue';
import { EventCard } from './EventCard';

export function EventGrid({ events, past = false }: { events: readonly PublicEvent[]; past?: boolean }) {
  return (
    <ul className={past ? 'event-grid event-grid--past' : 'event-grid'}>
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} />
        </li>
      ))}
    </ul>
  );
}
