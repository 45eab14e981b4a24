'use client';
// /scanner: the door, for one hand in the dark. Pick the event and the mode (both in the URL, so a
// door's setup is a bookmark); the camera decodes passes and the server decides; each verdict
// fills the screen in colour, icon and words, with a sound and a vibration, and the member's photo
// and name for the face check, until the next scan. Above it: the door's status, whose scans wait on
// this phone, and the scans the server refused. Below: the night's figures and latest scans,
// admitting by name when a phone has died, and a field a USB or Bluetooth scanner can type into.
import { useLocale, useTranslations } from 'next-intl';
import { useViewerState } from '@/features/identity/client/ViewerProvider';
import { useDoorScan } from '../client/useDoorScan';
import { useKeyboardWedge } from '../client/useKeyboardWedge';
import { useKeptForOffline } from '@/features/pwa/useKeptForOffline';
import { useDoorSync } from '../client/useDoorSync';
import { useScannerSetup } from '../client/useScannerSetup';
import { unlockSound } from '../client/verdict-signals';
import type { DoorEvent } from '../door-figures';
import type { ScanMode } from '../constants';
import { CameraView } from './CameraView';
import { DoorFigures } from './DoorFigures';
import { DoorStatus } from './DoorStatus';
import { KeyboardEntry } from './KeyboardEntry';
import { ManualAdmit } from './ManualAdmit';
import { ScannerSetup } from './ScannerSetup';
import { SetAsideScans } from './SetAsideScans';
import { VerdictPanel } from './VerdictPanel';
import { localized } from '@/i18n/routing';
import { Alert } from '@/ui/feedback/Alert';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import styles from './door.module.css';

export function Scanner({ events, eventId: eventInUrl, mode: modeInUrl }: { events: DoorEvent[]; eventId: string | null; mode: ScanMode }) {
  const t = useTranslations('Scanner');
  const locale = useLocale();
  const setup = useScannerSetup(events, eventInUrl, modeInUrl, t('defaultDoor'));
  const { event, mode, doorName } = setup;
  // The person signed in decides the scans queued here, and only they upload them.
  const { person } = useViewerState();
  const door = useDoorSync(event?.id ?? null, person ? { uid: person.uid, name: person.displayName } : null);
  const scans = useDoorScan(event, mode, doorName, door.sync);
  useKeyboardWedge((code) => scans.submit(code, 'keyboard'));
  // The scanner reopens without signal once it has shown online (decision 043).
  useKeptForOffline(door.state.online && door.state.listAt !== null);

  if (!event) return <p className="empty-state">{t('noEvents')}</p>;

  const { outcome } = scans;
  return (
    <div className={styles.scanner} onPointerDown={unlockSound}>
      <ScannerSetup events={events} event={event} mode={mode} device={setup.device} onChoose={setup.setUrl} onNameDoor={setup.nameDoor} />

      <DoorStatus state={door.state} />
      <SetAsideScans entries={door.state.setAside} sync={door.sync} />
      {setup.chosenEventId !== null && setup.chosenEventId !== event.id ? (
        // A bookmark of an event the door no longer lists: never scanned for another one unsaid.
        <Alert kind="warning">{t('eventGone', { title: localized(event.title, locale) })}</Alert>
      ) : null}
      {!event.open ? (
        <Alert kind="info" standing>
          {t('doorClosed')}
        </Alert>
      ) : null}

      <CameraView onCode={(text) => scans.submit(text, 'camera')} />

      <LoadingStatus active={scans.checking} className={styles.scanner__checking}>
        {t('checking')}
      </LoadingStatus>
      {outcome ? <VerdictPanel outcome={outcome} onDismiss={scans.dismiss} /> : null}

      <KeyboardEntry onCode={(code) => scans.submit(code, 'keyboard')} />
      <DoorFigures event={event} latest={outcome?.kind === 'verdict' && outcome.result.eventId === event.id ? outcome.result.counts : null} />
      <ManualAdmit event={event} doorName={doorName} sync={door.sync} onAnswer={scans.settle} />
    </div>
  );
}
