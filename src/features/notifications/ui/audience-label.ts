// How a notification's audience reads in a sentence or a list: a role, a number of people or of
// weeks where the audience names one, else its kind. The composer's audience may be half typed
// (weeks not yet a whole number): then it reads as its kind.
import type { useTranslations } from 'next-intl';
import type { FormInput } from '@/forms/form-messages';
import type { Audience } from '../notifications.inputs';

export function audienceLabel(t: ReturnType<typeof useTranslations<'AdminNotifications'>>, audience: Audience | FormInput<Audience>): string {
  switch (audience.kind) {
    case 'role':
      return t('audienceRole', { role: t(`roles.${audience.role}`) });
    case 'people':
      return t('audiencePeople', { count: audience.uids.length });
    case 'lapsed':
      return audience.weeks !== null && Number.isInteger(audience.weeks) ? t('audienceLapsed', { weeks: audience.weeks }) : t('audiences.lapsed');
    default:
      return t(`audiences.${audience.kind}`);
  }
}
