'use client';
// Choosing an event's cover: browse the image library by tag, or upload a new image in place
// (it joins the library tagged `cover` and is chosen at once). Lounge images are members-only
// and so never offered as a public cover.
import { useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import * as Dialog from '@radix-ui/react-dialog';
import { apiErrorReason } from '@/trpc/errors';
import { trpc } from '@/trpc/client';
import picker from '@/ui/dialog/picker.module.css';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { Segmented } from '@/ui/form/Segmented';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { IMAGE_UPLOAD, startUpload } from '@/features/files/client/start-upload';
import { UploadFailed, type UploadErrorCode } from '@/features/files/client/upload-task';
import { IMAGE_TYPES } from '@/server/files/uses';
import { ResponsiveImage } from '@/ui/ResponsiveImage';
import { libraryImage } from '@/features/images/renditions';
import { isMembersOnly, type ImageTag } from '@/features/images/members-only';
import type { EventCover } from '../events';
import styles from './CoverPicker.module.css';

const PICKER_TAGS = ['cover', 'gallery', null] as const satisfies readonly (ImageTag | null)[];

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; sent: number; total: number }
  | { phase: 'processing'; name: string }
  | { phase: 'error'; error: UploadErrorCode | 'notAnImage' };

export function CoverPicker({ onPick, altHint }: { onPick: (cover: EventCover) => void; altHint: { en: string; de: string } }) {
  const t = useTranslations('AdminEvents.cover');
  const tUpload = useTranslations('AdminImages');
  const locale = useLocale();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [tag, setTag] = useState<(typeof PICKER_TAGS)[number]>('cover');
  const [upload, setUpload] = useState<UploadState>({ phase: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  const images = trpc.images.list.useQuery({ tag }, { enabled: open });
  const add = trpc.images.add.useMutation();
  const utils = trpc.useUtils();

  const choices = (images.data ?? []).filter((image) => !isMembersOnly(image));

  function pick(image: { id: string; width: number; height: number; alt: EventCover['alt'] }) {
    onPick({ imageId: image.id, width: image.width, height: image.height, alt: image.alt });
    setOpen(false);
  }

  async function uploadCover(file: File) {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setUpload({ phase: 'error', error: 'wrong-type' });
      return;
    }
    setUpload({ phase: 'uploading', name: file.name, sent: 0, total: file.size });
    try {
      const task = await startUpload(file, IMAGE_UPLOAD);
      task.subscribe((snapshot) => {
        if (snapshot.state === 'running' || snapshot.state === 'paused')
          setUpload({ phase: 'uploading', name: file.name, sent: snapshot.bytesTransferred, total: snapshot.totalBytes });
      });
      const uploaded = await task.done;
      setUpload({ phase: 'processing', name: file.name });
      const image = await add.mutateAsync({ upload: uploaded, tags: ['cover'], alt: altHint });
      await utils.images.list.invalidate();
      setUpload({ phase: 'idle' });
      pick(image);
    } catch (error) {
      if (error instanceof UploadFailed) setUpload(error.code === 'canceled' ? { phase: 'idle' } : { phase: 'error', error: error.code });
      else if (apiErrorReason(error) === 'notAnImage') setUpload({ phase: 'error', error: 'notAnImage' });
      else setUpload({ phase: 'error', error: 'server' });
    }
  }

  const busy = upload.phase === 'uploading' || upload.phase === 'processing';

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <Dialog.Trigger asChild>
        <button type="button" className="button button--ghost">
          {t('choose')}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content className={`dialog ${picker['dialog--wide']}`} aria-describedby={`${id}-lead`}>
          <Dialog.Title className="dialog__title">{t('title')}</Dialog.Title>
          <p id={`${id}-lead`}>{t('lead')}</p>

          <div className={styles['cover-upload']}>
            <button type="button" className="button button--primary button--small" disabled={busy} onClick={() => fileInput.current?.click()}>
              {t('upload')}
            </button>
            <input
              ref={fileInput}
              className="visually-hidden"
              type="file"
              accept={IMAGE_TYPES.join(',')}
              aria-label={t('upload')}
              tabIndex={-1}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void uploadCover(file);
              }}
            />
            {upload.phase === 'uploading' && (
              <div className={picker['cover-upload__progress']} role="status">
                <progress max={upload.total || 1} value={upload.sent} aria-label={upload.name} />
                <span>{t('uploading', { percent: upload.total ? Math.round((upload.sent / upload.total) * 100) : 0 })}</span>
              </div>
            )}
            {upload.phase === 'processing' && (
              <LoadingStatus>{t('processing')}</LoadingStatus>
            )}
            {upload.phase === 'error' && (
              <p className="field__error" role="alert">
                <span aria-hidden="true">⚠ </span>
                {tUpload(`uploadErrors.${upload.error}`)}
              </p>
            )}
          </div>

          <Segmented wrap label={t('filterLabel')} options={PICKER_TAGS} chosen={tag} onChoose={setTag} labelOf={(option) => (option ? tUpload(`tags.${option}`) : tUpload('all'))} />

          <div className="cover-picker__list" aria-busy={images.isFetching}>
            {images.isPending && (
              <LoadingStatus>{t('loading')}</LoadingStatus>
            )}
            {images.isError && <RetryAlert error={images.error} onRetry={() => images.refetch()} />}
            {images.data && choices.length === 0 && <p className="empty-state">{t('empty')}</p>}
            {choices.length > 0 && (
              <ul className={styles['cover-picker__grid']}>
                {choices.map((image) => (
                  <li key={image.id}>
                    <button type="button" className={styles['cover-picker__choice']} onClick={() => pick(image)}>
                      <ResponsiveImage {...libraryImage(image)} sizes="10rem" />
                      <span className={styles['cover-picker__name']}>{image.alt[locale] || image.alt[locale === 'de' ? 'en' : 'de'] || image.file.customMetadata.originalName || image.file.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <div className="dialog__actions">
            <Dialog.Close className="button button--ghost" disabled={busy}>
              {t('close')}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
