'use client';
// The scanner's setup: the event picker, entry or bar, and this device's door name.
import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { DoorEvent } from '../door-figures';
import { SCAN_MODES, type ScanMode } from '../constants';
import { localized } from '@/i18n/routing';
import styles from './door.module.css';

export function ScannerSetup({
  events,
  event,
  mode,
  device,
  onChoose,
  onNameDoor,
}: {
  events: DoorEvent[];
  event: DoorEvent;
  mode: ScanMode;
  device: string;
  onChoose: (next: { event?: string; mode?: ScanMode }) => void;
  onNameDoor: (name: string) => void;
}) {
  const t = useTranslations('Scanner');
  const locale = useLocale();
  const id = useId();
  return (
    <div className={styles.scanner__setup}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-event`}>
          {t('event')}
        </label>
        <select id={`${id}-event`} className="field__select" value={event.id} onChange={(change) => onChoose({ event: change.target.value })}>
          {events.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {localized(candidate.title, locale) + (candidate.open ? ` · ${t('doorOpen')}` : '')}
            </option>
          ))}
        </select>
      </div>
      <fieldset className={styles['mode-switch']}>
        <legend className="field__label">{t('mode')}</legend>
        {SCAN_MODES.map((option) => (
          <label key={option} className={styles['mode-switch__option']}>
            <input type="radio" name="mode" value={option} checked={mode === option} onChange={() => onChoose({ mode: option })} />
            <span>{t(`modes.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-door`}>
          {t('doorName')}
        </label>
        <input
          id={`${id}-door`}
          className="field__input"
          value={device}
          maxLength={60}
          placeholder={t('defaultDoor')}
          onChange={(change) => onNameDoor(change.target.value)}
        />
      </div>
    </div>
  );
}
