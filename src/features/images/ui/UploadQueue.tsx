'use client';
// Choose or drop many images; each becomes an upload with its own progress, pause, resume and
// cancel. A finished upload is added to the library by the server, which checks it first.
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { trpc } from '@/trpc/client';
import { apiErrorReason } from '@/trpc/errors';
import { IMAGE_UPLOAD, startUpload } from '@/features/files/client/start-upload';
import { UploadFailed, type UploadErrorCode, type UploadSnapshot, type UploadTask } from '@/features/files/client/upload-task';
import { IMAGE_TYPES } from '@/server/files/uses';
import styles from './images.module.css';

type Phase = UploadSnapshot['state'] | 'processing' | 'added';

interface QueueItem {
  key: string;
  name: string;
  size: number;
  task: UploadTask | null;
  snapshot: UploadSnapshot;
  phase: Phase;
  error: UploadErrorCode | 'notAnImage' | null;
}


export function UploadQueue() {
  const t = useTranslations('AdminImages');
  const format = useFormatter();
  const id = useId();
  const [items, setItems] = useState<QueueItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const add = trpc.images.add.useMutation();

  const patch = useCallback((key: string, change: Partial<QueueItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const enqueue = useCallback(
    (files: FileList | File[]) => {
      for (const file of Array.from(files)) {
        const key = `${file.name}-${file.size}-${crypto.randomUUID()}`;
        const initial: UploadSnapshot = { state: 'running', bytesTransferred: 0, totalBytes: file.size, error: null };
        setItems((current) => [...current, { key, name: file.name, size: file.size, task: null, snapshot: initial, phase: 'running', error: null }]);
        if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
          patch(key, { phase: 'error', snapshot: { ...initial, state: 'error' }, error: 'wrong-type' });
          continue;
        }
        void startUpload(file, IMAGE_UPLOAD).then(
          (task) => {
            patch(key, { task });
            task.subscribe((snapshot) => patch(key, { snapshot, phase: snapshot.state, error: snapshot.error }));
            task.done.then(
              async (upload) => {
                patch(key, { phase: 'processing' });
                try {
                  await add.mutateAsync({ upload });
                  patch(key, { phase: 'added' });
                } catch (error) {
                  patch(key, { phase: 'error', error: apiErrorReason(error) === 'notAnImage' ? 'notAnImage' : 'server' });
                }
              },
              (error: unknown) => {
                if (error instanceof UploadFailed && error.code !== 'canceled') patch(key, { phase: 'error', error: error.code });
              },
            );
          },
          () => patch(key, { phase: 'error', error: 'unauthenticated' }),
        );
      }
    },
    [add, patch],
  );

  // Leaving the page while uploading would lose the uploads: the browser asks first.
  const busy = items.some((item) => item.phase === 'running' || item.phase === 'processing');
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) enqueue(event.dataTransfer.files);
  }

  const bytes = (value: number) =>
    value < 1024 * 1024
      ? `${format.number(Math.ceil(value / 1024))} KB`
      : `${format.number(value / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;

  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('uploadHeading')}</h2>
      <div
        className={dragging ? `${styles.dropzone} ${styles['dropzone--active']}` : styles.dropzone}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>
          {t('dropHint')}{' '}
          <button type="button" className="button button--primary button--small" onClick={() => input.current?.click()}>
            {t('choose')}
          </button>
        </p>
        <p className="field__hint" id={`${id}-accepted`}>
          {t('accepted')}
        </p>
        <input
          ref={input}
          className="visually-hidden"
          type="file"
          multiple
          accept={IMAGE_TYPES.join(',')}
          aria-label={t('choose')}
          aria-describedby={`${id}-accepted`}
          tabIndex={-1}
          onChange={(event) => {
            if (event.target.files?.length) enqueue(event.target.files);
            event.target.value = '';
          }}
        />
      </div>

      {items.length > 0 && (
        <>
          <h3 className={styles.queue__heading}>{t('queueHeading')}</h3>
          <ul className={styles.queue}>
            {items.map((item) => {
              const { snapshot } = item;
              const percent = snapshot.totalBytes ? Math.round((snapshot.bytesTransferred / snapshot.totalBytes) * 100) : 0;
              const over = item.phase === 'added' || item.phase === 'canceled' || item.phase === 'error';
              return (
                <li key={item.key} className={styles.queue__item} data-phase={item.phase}>
                  <div className={styles.queue__row}>
                    <span className={styles.queue__name}>{item.name}</span>
                    <span className={styles.queue__state} role="status">
                      {t(`state.${item.phase}`)}
                    </span>
                  </div>
                  <progress
                    className={styles.queue__bar}
                    max={snapshot.totalBytes || 1}
                    value={snapshot.bytesTransferred}
                    aria-label={item.name}
                    aria-valuetext={`${percent} %`}
                  />
                  <div className={styles.queue__row}>
                    <span className="field__hint">{t('progress', { sent: bytes(snapshot.bytesTransferred), total: bytes(snapshot.totalBytes) })}</span>
                    <span className={styles.queue__actions}>
                      {item.task && item.phase === 'running' && (
                        <button type="button" className="button button--ghost button--small" onClick={() => item.task?.pause()}>
                          {t('pause')}
                        </button>
                      )}
                      {item.task && item.phase === 'paused' && (
                        <button type="button" className="button button--ghost button--small" onClick={() => item.task?.resume()}>
                          {t('resume')}
                        </button>
                      )}
                      {item.task && item.phase === 'running' && (
                        <button type="button" className="button button--ghost button--small" onClick={() => item.task?.cancel()}>
                          {t('cancel')}
                        </button>
                      )}
                      {over && (
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          onClick={() => setItems((current) => current.filter((other) => other.key !== item.key))}
                        >
                          {t('dismiss')}
                        </button>
                      )}
                    </span>
                  </div>
                  {item.error && (
                    <p className="field__error" role="alert">
                      <span aria-hidden="true">⚠ </span>
                      {t(`uploadErrors.${item.error}`)}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
