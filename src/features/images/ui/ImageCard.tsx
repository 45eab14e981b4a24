'use client';
// One image of the library: preview, facts, alt texts in both languages, tags, link, delete.
import { useId, useState, type FormEvent } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { trpc } from '@/trpc/client';
import { ConfirmButton } from '@/ui/dialog/ConfirmButton';
import { Facts } from '@/ui/Facts';
import { TextField } from '@/ui/form/TextField';
import { FeedbackAlert } from '@/ui/feedback/Alert';
import { useFeedback } from '@/ui/feedback/useFeedback';
import { IMAGE_TAGS, type ImageTag } from '../members-only';
import { ALT_MAX } from '../constants';
import type { ImageSummary } from '../image-library';
import { ResponsiveImage } from '@/ui/ResponsiveImage';
import { libraryImage } from '../renditions';
import styles from './images.module.css';

export function ImageCard({ image }: { image: ImageSummary }) {
  const t = useTranslations('AdminImages');
  const tForms = useTranslations('Forms');
  const format = useFormatter();
  const id = useId();
  const [alt, setAlt] = useState(image.alt);
  const [tags, setTags] = useState<ImageTag[]>(image.tags);
  const { feedback, setFeedback, succeeded, failed, clear } = useFeedback();
  const update = trpc.images.update.useMutation({
    onSuccess: () => succeeded(t('saved')),
    onError: failed,
  });
  const remove = trpc.images.remove.useMutation({ onError: failed });

  const changed = alt.en !== image.alt.en || alt.de !== image.alt.de || tags.join() !== image.tags.join();

  // Said at the field as it is typed, and nothing is sent while one is too long.
  const tooLong = (text: string) => (text.trim().length > ALT_MAX ? tForms('tooLong', { max: ALT_MAX }) : undefined);
  const altErrors = { en: tooLong(alt.en), de: tooLong(alt.de) };
  function save(event: FormEvent) {
    event.preventDefault();
    clear();
    if (altErrors.en || altErrors.de) {
      document.getElementById(`${id}-alt-${altErrors.en ? 'en' : 'de'}`)?.focus();
      return;
    }
    update.mutate({ id: image.id, alt, tags });
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(image.url);
      succeeded(t('copied'));
    } catch {
      setFeedback({ kind: 'error', text: t('copyFailed', { url: image.url }) });
    }
  }

  return (
    <li className={styles['image-card']} aria-labelledby={`${id}-name`}>
      <ResponsiveImage {...libraryImage(image)} sizes="(min-width: 960px) 30vw, 90vw" />
      <div className={styles['image-card__body']}>
        <p id={`${id}-name`} className={styles['image-card__name']}>
          {image.file.customMetadata.originalName || image.file.name}
        </p>
        <p className="field__hint">
          {t('dimensions', { width: image.width, height: image.height })} · {format.number(image.file.size / 1024, { maximumFractionDigits: 0 })} KB ·{' '}
          {image.file.contentType.replace('image/', '').toUpperCase()}
        </p>
        <details className={styles['image-card__details']}>
          <summary>{t('fileDetails')}</summary>
          {/* The specification's file-metadata fields, by their names. */}
          <Facts className={styles['facts--small']}>
            {(['bucket', 'fullPath', 'name', 'size', 'contentType', 'timeCreated', 'updated', 'md5Hash', 'generation', 'metageneration', 'cacheControl', 'contentDisposition', 'contentEncoding', 'contentLanguage'] as const).map((field) => (
              <Fact key={field} name={field} value={image.file[field]} />
            ))}
            {Object.entries(image.file.customMetadata).map(([key, value]) => (
              <Fact key={key} name={`customMetadata.${key}`} value={value} />
            ))}
          </Facts>
        </details>
        <form className="form" onSubmit={save}>
          <TextField id={`${id}-alt-en`} name="altEn" label={t('altEn')} hint={t('altHint')} value={alt.en} error={altErrors.en} onChange={(en) => setAlt({ ...alt, en })} />
          <TextField id={`${id}-alt-de`} name="altDe" label={t('altDe')} value={alt.de} error={altErrors.de} onChange={(de) => setAlt({ ...alt, de })} />
          <fieldset className={styles.checkboxes}>
            <legend className="field__label">{t('tagsLabel')}</legend>
            {IMAGE_TAGS.map((tag) => (
              <label key={tag} className={styles.checkbox}>
                <input
                  type="checkbox"
                  checked={tags.includes(tag)}
                  onChange={(event) => setTags(event.target.checked ? [...tags, tag].sort() : tags.filter((other) => other !== tag))}
                />
                {t(`tags.${tag}`)}
              </label>
            ))}
          </fieldset>
          <FeedbackAlert feedback={feedback} />
          <div className={styles['image-card__actions']}>
            <button type="submit" className="button button--primary button--small" disabled={!changed || update.isPending} aria-busy={update.isPending}>
              {update.isPending && <span className="spinner" aria-hidden="true" />}
              {t('save')}
            </button>
            <button type="button" className="button button--ghost button--small" onClick={copyLink}>
              {t('copyLink')}
            </button>
            <ConfirmButton
              className="button button--ghost button--small"
              disabled={remove.isPending}
              title={t('deleteTitle')}
              text={t('deleteText')}
              confirmLabel={t('delete')}
              cancelLabel={t('cancelDialog')}
              onConfirm={() => remove.mutateAsync({ id: image.id })}
            >
              {t('delete')}
            </ConfirmButton>
          </div>
        </form>
      </div>
    </li>
  );
}

function Fact({ name, value }: { name: string; value: string | number | null }) {
  return (
    <>
      <dt>
        <code>{name}</code>
      </dt>
      <dd>{value === null || value === '' ? '–' : String(value)}</dd>
    </>
  );
}
