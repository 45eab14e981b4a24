// An event's status as a word with a symbol (never colour alone).
import { useTranslations } from 'next-intl';
import type { EventStatus } from '../events';

const SYMBOL: Record<EventStatus, string> = { draft: '✎', published: '●', cancelled: '✕' };

export function EventStatusBadge({ status }: { status: EventStatus }) {
  const t = useTranslations('AdminEvents.status');
  return (
    <span className={`badge badge--event-${status}`}>
      <span aria-hidden="true">{SYMBOL[status]}</span>
      {t(status)}
    </span>
  );
}
