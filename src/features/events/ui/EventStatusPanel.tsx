'use client';
// A saved event's status and what can be done with it: publish, unpublish, cancel (confirmed first), duplicate, view.
import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { Link, useRouter } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import { ConfirmButton } from '@/ui/dialog/ConfirmButton';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import type { EventSummary } from '../events';
import type { EventStatusAction } from '../events.inputs';
import { isPublic } from '../programme';
import styles from './EventEditor.module.css';

export function EventStatusPanel({
  event,
  heading,
  dirty,
  onNotice,
  onError,
}: {
  event: EventSummary;
  /** The event's name as the editor shows it, for the cancel confirmation. */
  heading: string;
  /** Unsaved changes in the form: the actions wait, since they act on the saved event. */
  dirty: boolean;
  onNotice: (notice: string) => void;
  /** The form's message area, which these actions share; null clears it. */
  onError: (message: string | null) => void;
}) {
  const t = useTranslations('AdminEvents');
  const errorMessage = useApiErrorMessage();
  const router = useRouter();
  const utils = trpc.useUtils();
  const id = useId();
  const changeStatus = trpc.events.changeStatus.useMutation();
  const duplicate = trpc.events.duplicate.useMutation();
  const acting = changeStatus.isPending || duplicate.isPending;

  async function act(action: EventStatusAction) {
    onError(null);
    try {
      await changeStatus.mutateAsync({ id: event.id, action });
      onNotice(t(`done.${action}`));
      await Promise.all([utils.events.get.invalidate({ id: event.id }), utils.events.list.invalidate()]);
    } catch (error) {
      onError(errorMessage(error));
    }
  }

  async function copy() {
    onError(null);
    try {
      const result = await duplicate.mutateAsync({ id: event.id });
      await utils.events.list.invalidate();
      router.push(`/admin/events?edit=${encodeURIComponent(result.id)}&copied=1`);
    } catch (error) {
      onError(errorMessage(error));
    }
  }

  return (
    <section className={`panel ${styles['event-editor__status']}`} aria-labelledby={`${id}-status`}>
      <h3 id={`${id}-status`}>{t('statusHeading')}</h3>
      <p>{t(`statusText.${event.status}`)}</p>
      {dirty && <p className="field__hint">{t('saveFirst')}</p>}
      <div className="button-row">
        {event.status !== 'published' && (
          <button type="button" className="button button--primary" disabled={dirty || acting} onClick={() => act('publish')}>
            {t('actions.publish')}
          </button>
        )}
        {event.status !== 'draft' && (
          <button type="button" className="button button--ghost" disabled={dirty || acting} onClick={() => act('unpublish')}>
            {t('actions.unpublish')}
          </button>
        )}
        {event.status === 'published' && (
          <ConfirmButton
            className="button button--danger"
            disabled={dirty || acting}
            title={t('cancelDialog.title')}
            text={t('cancelDialog.text', { title: heading })}
            confirmLabel={t('cancelDialog.confirm')}
            cancelLabel={t('cancelDialog.keep')}
            busyLabel={t('working')}
            onConfirm={() => act('cancel')}
          >
            {t('actions.cancel')}
          </ConfirmButton>
        )}
        <button type="button" className="button button--ghost" disabled={dirty || acting} onClick={copy}>
          {t('actions.duplicate')}
        </button>
        {isPublic(event.status) && (
          <Link className="button button--ghost" href={`/events/${event.slug}`}>
            {t('viewPublic')}
          </Link>
        )}
      </div>
      {acting && (
        <LoadingStatus>{t('working')}</LoadingStatus>
      )}
    </section>
  );
}
