'use client';
// /admin/images: uploads on top, the live library below, filtered by tag.
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useWebConfig } from '@/firebase-client/WebConfigProvider';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { libraryFeed } from '../client/live-feeds';
import { IMAGE_TAGS, type ImageTag } from '../members-only';
import { ImageCard } from './ImageCard';
import { UploadQueue } from './UploadQueue';
import { Segmented } from '@/ui/form/Segmented';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { Alert } from '@/ui/feedback/Alert';
import styles from './images.module.css';

export function ImageLibrary() {
  const t = useTranslations('AdminImages');
  const id = useId();
  const [tag, setTag] = useState<ImageTag | null>(null);
  const live = useLiveFeed(libraryFeed, { tag });
  const storage = useStorageAvailable();

  return (
    <div className={styles.library}>
      {storage === false ? (
        <Alert kind="error">{t('storageUnavailable')}</Alert>
      ) : (
        <UploadQueue />
      )}
      <section aria-labelledby={`${id}-library`} aria-busy={live.status === 'loading'}>
        <div className={styles.library__header}>
          <h2 id={`${id}-library`}>{t('libraryHeading')}</h2>
          {live.status === 'ready' && <p className="field__hint">{t('count', { count: live.data.length })}</p>}
        </div>
        <Segmented wrap label={t('filterLabel')} options={[null, ...IMAGE_TAGS]} chosen={tag} onChoose={setTag} labelOf={(option) => (option ? t(`tags.${option}`) : t('all'))} />
        {live.status === 'loading' && (
          <LoadingStatus>{t('loading')}</LoadingStatus>
        )}
        {live.status === 'error' && (
          <Alert kind="error">{t(`liveErrors.${live.error}`)}</Alert>
        )}
        {live.status === 'ready' && (
          <>
            <LoadingStatus active={live.reconnecting} className="field__hint">
              {t('reconnecting')}
            </LoadingStatus>
            {live.data.length === 0 ? (
              <p className="empty-state">{tag ? t('emptyTag') : t('empty')}</p>
            ) : (
              <ul className={styles['image-grid']}>
                {live.data.map((image) => (
                  // Keyed by content too: an edit elsewhere resets this card's form to the new values.
                  <ImageCard key={`${image.id}-${image.updatedAt.getTime()}`} image={image} />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </div>
  );
}

/**
 * Whether this deployment keeps files: the Firebase backend without Storage serves no bucket in
 * its web config (see src/server/firebase/web-config.ts).
 */
function useStorageAvailable(): boolean {
  const config = useWebConfig();
  return config.backend === 'embedded' || Boolean(config.storageBucket);
}
