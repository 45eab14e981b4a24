// A grid of event cards (the home page's next events, the programme's upcoming and past ones).
import type { PublicEvent } from '../event-catalogue';
import { EventCard } from './EventCard';

export function EventGrid({ events, past = false, live = false }: { events: readonly PublicEvent[]; past?: boolean; live?: boolean }) {
  return (
    <ul className={past ? 'event-grid event-grid--past' : 'event-grid'} aria-live={live ? 'polite' : undefined}>
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} />
        </li>
      ))}
    </ul>
  );
}
