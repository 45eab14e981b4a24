'use client';
// The profile photo: choose a picture, crop it to a square in a dialog (react-easy-crop: drag or
// arrow keys to move, slider or wheel to zoom), then upload the square with progress. The server
// re-encodes it (512x512 WebP, no EXIF) and the header shows it at once. Decision 021.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import * as Dialog from '@radix-ui/react-dialog';
import Cropper, { type Area } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { trpc } from '@/trpc/client';
import { AVATAR_UPLOAD, startUpload } from '@/features/files/client/start-upload';
import { UploadFailed } from '@/features/files/client/upload-task';
import { ConfirmButton } from '@/ui/dialog/ConfirmButton';
import { BusyButton } from '@/ui/dialog/BusyButton';
import { useOneAtATime } from '@/ui/dialog/useOneAtATime';
import picker from '@/ui/dialog/picker.module.css';
import { Avatar } from '@/ui/Avatar';
import { ownPhoto } from '@/ui/shell/own-photo';
import settings from '@/ui/settings.module.css';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { FeedbackAlert } from '@/ui/feedback/Alert';
import { useFeedback } from '@/ui/feedback/useFeedback';
import type { Profile } from '../profile';
import styles from './profile.module.css';

/** The square sent to the server: enough for its 512 px photo on sharp screens, under 2 MB. */
const UPLOAD_SIZE = 1024;
const MAX_ZOOM = 4;

type Step =
  | { phase: 'idle' }
  | { phase: 'cropping'; source: string; name: string }
  | { phase: 'uploading'; source: string; name: string; sent: number; total: number }
  | { phase: 'saving'; source: string; name: string };

export function AvatarEditor({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const t = useTranslations('Profile');
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ phase: 'idle' });
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const { feedback, setFeedback, succeeded, failed, clear } = useFeedback();
  const setAvatar = trpc.profile.setAvatar.useMutation();
  // One upload however often "Use photo" is pressed: the step below changes only after a render.
  const { busy: saving, run } = useOneAtATime();
  const removeAvatar = trpc.profile.removeAvatar.useMutation({
    onSuccess: (saved) => {
      succeeded(t('photoRemoved'));
      onSaved(saved);
    },
    onError: failed,
  });

  const source = step.phase === 'idle' ? null : step.source;
  useEffect(() => () => {
    if (source) URL.revokeObjectURL(source);
  }, [source]);

  function choose(file: File) {
    clear();
    if (!file.type.startsWith('image/')) {
      setFeedback({ kind: 'error', text: t('notAPicture') });
      return;
    }
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setStep({ phase: 'cropping', source: URL.createObjectURL(file), name: file.name });
  }

  async function save() {
    if (step.phase !== 'cropping' || !area) return;
    const { source: picture, name } = step;
    let square: Blob;
    try {
      square = await cropToSquare(picture, area);
    } catch {
      setStep({ phase: 'idle' });
      setFeedback({ kind: 'error', text: t('unreadable') });
      return;
    }
    setStep({ phase: 'uploading', source: picture, name, sent: 0, total: square.size });
    try {
      const task = await startUpload(new File([square], 'avatar.jpg', { type: 'image/jpeg' }), AVATAR_UPLOAD);
      task.subscribe((snapshot) => {
        if (snapshot.state === 'running' || snapshot.state === 'paused')
          setStep({ phase: 'uploading', source: picture, name, sent: snapshot.bytesTransferred, total: snapshot.totalBytes });
      });
      const upload = await task.done;
      setStep({ phase: 'saving', source: picture, name });
      const saved = await setAvatar.mutateAsync({ upload });
      setStep({ phase: 'idle' });
      succeeded(t('photoSaved'));
      onSaved(saved);
    } catch (error) {
      setStep({ phase: 'cropping', source: picture, name });
      if (error instanceof UploadFailed) setFeedback({ kind: 'error', text: t(`uploadErrors.${error.code}`) });
      else failed(error);
    }
  }

  const busy = saving || step.phase === 'uploading' || step.phase === 'saving';
  const photo = ownPhoto(profile.photoURL);
  const initial = (profile.displayName ?? profile.email ?? '?').trim().charAt(0).toUpperCase();

  return (
    <section className={`panel ${settings['profile-section']}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('photoHeading')}</h2>
      <div className={styles['profile-photo']}>
        <Avatar photo={photo} initial={initial} alt={t('photoAlt')} initialLabel={t('noPhoto')} size={96} testId="profile-photo" />
        <div className={styles['profile-photo__actions']}>
          <p className={settings['profile-form__note']}>{t('photoLead')}</p>
          <div className={styles['profile-actions']}>
            <button type="button" className="button button--primary" onClick={() => fileInput.current?.click()}>
              {photo ? t('changePhoto') : t('choosePhoto')}
            </button>
            {photo ? (
              <ConfirmButton
                disabled={removeAvatar.isPending}
                title={t('removePhotoTitle')}
                text={t('removePhotoText')}
                confirmLabel={t('removePhoto')}
                cancelLabel={t('cancel')}
                onConfirm={() => removeAvatar.mutateAsync()}
              >
                {t('removePhoto')}
              </ConfirmButton>
            ) : null}
          </div>
          <input
            ref={fileInput}
            className="visually-hidden"
            type="file"
            accept="image/*"
            aria-label={t('choosePhoto')}
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) choose(file);
            }}
          />
        </div>
      </div>
      <FeedbackAlert feedback={step.phase === 'idle' ? feedback : null} />

      <Dialog.Root open={step.phase !== 'idle'} onOpenChange={(open) => !open && !busy && setStep({ phase: 'idle' })}>
        <Dialog.Portal>
          <Dialog.Overlay className="sheet-overlay" />
          <Dialog.Content className={`dialog ${picker['dialog--wide']} crop-dialog`} aria-describedby={`${id}-crop-lead`} aria-busy={busy}>
            <Dialog.Title className="dialog__title">{t('cropTitle')}</Dialog.Title>
            <p id={`${id}-crop-lead`}>{t('cropLead')}</p>
            {source ? (
              <div className={styles['crop-dialog__area']}>
                <Cropper
                  image={source}
                  crop={crop}
                  zoom={zoom}
                  maxZoom={MAX_ZOOM}
                  aspect={1}
                  cropShape="round"
                  showGrid={false}
                  disableAutomaticStylesInjection
                  onCropChange={setCrop}
                  onZoomChange={setZoom}
                  onCropComplete={(_percent, pixels) => setArea(pixels)}
                  onMediaLoaded={clear}
                  cropperProps={{ 'aria-label': t('cropArea') }}
                  mediaProps={{ alt: t('cropImageAlt'), onError: () => {
                    setStep({ phase: 'idle' });
                    setFeedback({ kind: 'error', text: t('unreadable') });
                  } } as React.ImgHTMLAttributes<HTMLElement>}
                />
              </div>
            ) : null}
            <div className="field">
              <label className="field__label" htmlFor={`${id}-zoom`}>
                {t('zoom')}
              </label>
              <input
                id={`${id}-zoom`}
                className={styles['crop-dialog__zoom']}
                type="range"
                min={1}
                max={MAX_ZOOM}
                step={0.05}
                value={zoom}
                disabled={busy}
                onChange={(event) => setZoom(Number(event.target.value))}
              />
            </div>
            {step.phase === 'uploading' ? (
              <div className={picker['cover-upload__progress']} role="status">
                <progress max={step.total || 1} value={step.sent} aria-label={t('uploadingLabel')} />
                <span>{t('uploading', { percent: step.total ? Math.round((step.sent / step.total) * 100) : 0 })}</span>
              </div>
            ) : step.phase === 'saving' ? (
              <LoadingStatus>{t('processing')}</LoadingStatus>
            ) : null}
            <FeedbackAlert feedback={step.phase !== 'idle' ? feedback : null} />
            <div className="dialog__actions">
              <Dialog.Close className="button button--ghost" disabled={busy}>
                {t('cancel')}
              </Dialog.Close>
              <BusyButton className="button button--primary" busy={busy} busyLabel={t('processing')} disabled={!area} onClick={() => void run(save)}>
                {t('usePhoto')}
              </BusyButton>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}

/** The chosen square of the picture as a JPEG, at most UPLOAD_SIZE wide (the browser applies EXIF rotation). */
async function cropToSquare(source: string, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const size = Math.max(1, Math.min(UPLOAD_SIZE, Math.round(area.width)));
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = '#000';
  context.fillRect(0, 0, size, size);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No blob'))), 'image/jpeg', 0.9));
}
