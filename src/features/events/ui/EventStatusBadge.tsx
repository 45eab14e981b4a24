// An event's status as a word with a symbol (never colour alone).
import { useTranslations } from 'next-intl';
import type { EventStatus } from '../events';
import styles from './EventStatusBadge.module.css';

const SYMBOL: Record<EventStatus, string> = { draft: '✎', published: '●', cancelled: '✕' };

export function EventStatusBadge({ status }: { status: EventStatus }) {
  const t = useTranslations('AdminEvents.status');
  const tone = styles[`badge--event-${status}`];
  return (
    <span className={tone ? `badge ${tone}` : 'badge'}>
      <span aria-hidden="true">{SYMBOL[status]}</span>
      {t(status)}
    </span>
  );
}
