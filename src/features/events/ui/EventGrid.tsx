// A grid of event cards (the home page's next events, the programme's upcoming and past ones).
// `priorityFirst`: the grid is the page's first picture, so the first card's cover (the largest
// paint on a phone) loads at once with high priority; the others wait until scrolled near.
import type { PublicEvent } from '../public-events';
import { EventCard } from './EventCard';
import styles from './programme.module.css';

export function EventGrid({ events, past = false, priorityFirst = false }: { events: readonly PublicEvent[]; past?: boolean; priorityFirst?: boolean }) {
  return (
    <ul className={past ? `event-grid ${styles['event-grid--past']}` : 'event-grid'}>
      {events.map((event, index) => (
        <li key={event.id}>
          <EventCard event={event} coverPriority={priorityFirst && index === 0} />
        </li>
      ))}
    </ul>
  );
}
