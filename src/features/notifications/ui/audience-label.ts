// How a notification's audience reads in a sentence or a list: a role, a number of people or of
// weeks where the audience names one, else its kind.
import type { useTranslations } from 'next-intl';
import type { Audience } from '../notifications.inputs';

export function audienceLabel(t: ReturnType<typeof useTranslations<'AdminNotifications'>>, audience: Audience): string {
  switch (audience.kind) {
    case 'role':
      return t('audienceRole', { role: t(`roles.${audience.role}`) });
    case 'people':
      return t('audiencePeople', { count: audience.uids.length });
    case 'lapsed':
      return t('audienceLapsed', { weeks: audience.weeks });
    default:
      return t(`audiences.${audience.kind}`);
  }
}
