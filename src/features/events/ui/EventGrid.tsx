// A grid of event cards (the home page's next events, the programme's upcoming and past ones, the
// VIP home's next events with `below` each the member's drinks).
// `priorityFirst`: the grid is the page's first picture, so the first card's cover (the largest
// paint on a phone) loads at once with high priority; the others wait until scrolled near.
import type { ReactNode } from 'react';
import type { PublicEvent } from '../public-events';
import { EventCard } from './EventCard';
import styles from './programme.module.css';

export function EventGrid<Event extends PublicEvent>({
  events,
  past = false,
  priorityFirst = false,
  below,
}: {
  events: readonly Event[];
  past?: boolean;
  priorityFirst?: boolean;
  below?: (event: Event) => ReactNode;
}) {
  return (
    <ul className={past ? `${styles['event-grid']} ${styles['event-grid--past']}` : styles['event-grid']}>
      {events.map((event, index) => (
        <li key={event.id}>
          <EventCard event={event} coverPriority={priorityFirst && index === 0}>
            {below?.(event)}
          </EventCard>
        </li>
      ))}
    </ul>
  );
}
