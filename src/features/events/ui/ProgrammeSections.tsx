// The programme's two sections, upcoming (soonest first) and past. Rendered on the server into
// /events, and in the browser (./EventProgramme, loaded on demand) once the live list or the clock
// changes what the server rendered.
import { useTranslations } from 'next-intl';
import type { Programme } from '../programme';
import type { PublicEvent } from '../public-events';
import { EventGrid } from './EventGrid';
import styles from './programme.module.css';

export default function ProgrammeSections({ programme: { upcoming, past } }: { programme: Programme<PublicEvent> }) {
  const t = useTranslations('Events');
  return (
    <>
      <section aria-labelledby="programme-upcoming">
        <h2 id="programme-upcoming">{t('upcomingHeading')}</h2>
        {upcoming.length === 0 ? <p className="empty-state">{t('noUpcoming')}</p> : <EventGrid events={upcoming} priorityFirst />}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="programme-past" className={styles.programme__past}>
          <h2 id="programme-past">{t('pastHeading')}</h2>
          <EventGrid events={past} past />
        </section>
      )}
    </>
  );
}
