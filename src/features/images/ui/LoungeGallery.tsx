'use client';
// /vip/lounge: the members' pictures as a grid, kept current while the page is open (a picture
// an admin adds appears without a reload). A picture opens full size in a dialog that moves with
// the arrow keys, the buttons or a swipe, and closes with Escape.
import { useRef, useState, type PointerEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import * as Dialog from '@radix-ui/react-dialog';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { loungeFeed } from '../client/live-feeds';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '@/ui/icons';
import type { LoungeImage } from '../lounge';
import { ResponsiveImage } from '@/ui/ResponsiveImage';
import { libraryImage } from '../renditions';
import { localized } from '@/i18n/routing';
import { FeedbackAlert } from '@/ui/feedback/Alert';
import pictures from './gallery.module.css';
import styles from './LoungeGallery.module.css';

/** A horizontal swipe this long (in CSS pixels) moves to the next or previous picture. */
const SWIPE_DISTANCE = 50;

export function LoungeGallery({ initial }: { initial: readonly LoungeImage[] }) {
  const t = useTranslations('Lounge');
  const locale = useLocale();
  const live = useLiveFeed(loungeFeed, undefined, { initial });
  const images = live.status === 'ready' ? live.data : initial;
  const [openId, setOpenId] = useState<string | null>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const grid = useRef<HTMLUListElement>(null);
  /** The picture last shown: its thumbnail gets the focus back when the viewer closes. */
  const [lastShown, setLastShown] = useState<string | null>(null);
  function show(id: string) {
    setOpenId(id);
    setLastShown(id);
  }

  const index = openId ? images.findIndex((image) => image.id === openId) : -1;
  const current = index >= 0 ? images[index]! : null;
  // Removed while it was open: the dialog closes (the next render has no current picture).

  function move(step: number) {
    if (index < 0 || images.length === 0) return;
    show(images[(index + step + images.length) % images.length]!.id);
  }

  function onPointerUp(event: PointerEvent) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy)) move(dx < 0 ? 1 : -1);
  }

  return (
    <section className={styles.lounge} aria-labelledby="lounge-pictures">
      <div className={styles.lounge__header}>
        <h2 id="lounge-pictures">{t('picturesHeading')}</h2>
        <p className={styles.lounge__count} aria-live="polite">
          {t('count', { count: images.length })}
        </p>
      </div>
      <FeedbackAlert
        feedback={
          live.status === 'error' ? { kind: 'error', text: t(`errors.${live.error}`) } : live.status === 'ready' && live.reconnecting ? { kind: 'info', text: t('reconnecting') } : null
        }
      />
      {images.length === 0 ? (
        <p className="empty-state">{t('empty')}</p>
      ) : (
        <ul className={`${pictures.gallery} lounge__grid`} ref={grid}>
          {images.map((image, position) => (
            <li key={image.id} className={pictures['gallery__item']}>
              <button
                type="button"
                className={styles.lounge__open}
                data-image={image.id}
                onClick={() => show(image.id)}
                aria-label={t('open', { alt: localized(image.alt, locale) || t('untitled'), position: position + 1, count: images.length })}
              >
                <ResponsiveImage {...libraryImage(image)} sizes="(min-width: 960px) 25vw, (min-width: 600px) 33vw, 50vw" />
              </button>
            </li>
          ))}
        </ul>
      )}

      <Dialog.Root open={current !== null} onOpenChange={(open) => !open && setOpenId(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className={styles['viewer-overlay']} />
          <Dialog.Content
            className={styles.viewer}
            onCloseAutoFocus={(event) => {
              const thumbnail = grid.current?.querySelector<HTMLButtonElement>(`button[data-image="${CSS.escape(lastShown ?? '')}"]`);
              if (!thumbnail) return;
              event.preventDefault();
              thumbnail.focus();
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(1);
              else if (event.key === 'ArrowLeft') move(-1);
              else return;
              event.preventDefault();
            }}
          >
            {current ? (
              <>
                <div className={styles.viewer__bar}>
                  <Dialog.Title className={styles.viewer__title}>{t('position', { position: index + 1, count: images.length })}</Dialog.Title>
                  <Dialog.Close className="icon-button" aria-label={t('close')}>
                    <CloseIcon />
                  </Dialog.Close>
                </div>
                <figure
                  className={styles.viewer__figure}
                  // The picture is swiped, not dragged out of the page.
                  onDragStart={(event) => event.preventDefault()}
                  onPointerDown={(event) => {
                    swipeStart.current = { x: event.clientX, y: event.clientY };
                  }}
                  onPointerUp={onPointerUp}
                  onPointerCancel={() => {
                    swipeStart.current = null;
                  }}
                >
                  <ResponsiveImage key={current.id} {...libraryImage(current)} sizes="100vw" className={styles.viewer__image} priority />
                  <Dialog.Description asChild>
                    <figcaption className={styles.viewer__caption}>{localized(current.alt, locale) || t('untitled')}</figcaption>
                  </Dialog.Description>
                </figure>
                {images.length > 1 ? (
                  <div className={styles.viewer__nav}>
                    <button type="button" className="button button--ghost" onClick={() => move(-1)}>
                      <ChevronLeftIcon /> {t('previous')}
                    </button>
                    <p className={styles.viewer__hint}>{t('hint')}</p>
                    <button type="button" className="button button--ghost" onClick={() => move(1)}>
                      {t('next')} <ChevronRightIcon />
                    </button>
                  </div>
                ) : null}
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
