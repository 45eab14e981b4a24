'use client';
// One image of the library: preview, facts, alt texts in both languages, tags, link, delete. The
// details form goes the form path: an alt text too long is said at its field, nothing is sent.
import { useId, useState, type FormEvent } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { trpc } from '@/trpc/client';
import { useForm } from '@/forms/useForm';
import { ConfirmButton } from '@/ui/dialog/ConfirmButton';
import { Facts } from '@/ui/Facts';
import { TextField } from '@/ui/form/TextField';
import { FeedbackAlert } from '@/ui/feedback/Alert';
import { useFeedback } from '@/ui/feedback/useFeedback';
import { IMAGE_TAGS, type ImageTag } from '../members-only';
import { ImageUpdateInput } from '../images.inputs';
import type { ImageSummary } from '../image-library';
import { ResponsiveImage } from '@/ui/ResponsiveImage';
import { libraryImage } from '../renditions';
import styles from './images.module.css';

export function ImageCard({ image }: { image: ImageSummary }) {
  const t = useTranslations('AdminImages');
  const format = useFormatter();
  const id = useId();
  const [alt, setAlt] = useState(image.alt);
  const [tags, setTags] = useState<ImageTag[]>(image.tags);
  const { feedback, setFeedback, succeeded, failed, clear } = useFeedback();
  const form = useForm({ fields: ['alt.en', 'alt.de'] });
  const update = trpc.images.update.useMutation({
    onSuccess: () => succeeded(t('saved')),
    // An alt text refused is said at its field; anything else where the card reports.
    onError: (error) => {
      const said = form.refuse(error);
      setFeedback(said ? { kind: 'error', text: said } : null);
    },
  });
  const remove = trpc.images.remove.useMutation({ onError: failed });

  const changed = alt.en !== image.alt.en || alt.de !== image.alt.de || tags.join() !== image.tags.join();

  function save(event: FormEvent) {
    event.preventDefault();
    clear();
    const input = form.check(ImageUpdateInput, { id: image.id, alt, tags });
    if (input) update.mutate(input);
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
        <form id={form.id} className="form" onSubmit={save} noValidate>
          <TextField id={`${id}-alt-en`} name="altEn" label={t('altEn')} hint={t('altHint')} value={alt.en} error={form.error('alt.en')} onChange={form.changing('alt.en', (en: string) => setAlt({ ...alt, en }))} />
          <TextField id={`${id}-alt-de`} name="altDe" label={t('altDe')} value={alt.de} error={form.error('alt.de')} onChange={form.changing('alt.de', (de: string) => setAlt({ ...alt, de }))} />
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
