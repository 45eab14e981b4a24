'use client';
// /scanner: the door, for one hand in the dark. Pick the event and the mode (both in the URL, so a
// door's setup is a bookmark); the camera decodes passes and the server decides; each verdict
// fills the screen in colour, icon and words, with a sound and a vibration, and the member's photo
// and name for the face check, until the next scan. Below: the night's figures and latest scans,
// admitting by name when a phone has died, and a field a USB or Bluetooth scanner can type into.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import { ConfirmDialog } from '@/ui/dialog/ConfirmDialog';
import { ownPhoto } from '@/ui/shell/own-photo';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { useCameraDecoder } from '../client/useCameraDecoder';
import { signal, toneOf, unlockSound } from '../client/verdict-signals';
import type { DoorCounts, DoorEvent, ScanResult, DoorSearchHit } from '../door';
import { CODE_MAX, type ScanMode } from '../scan-terms';
import { Skeleton } from '@/ui/Skeleton';

/** The same code is not sent again within this time (a phone held in front of the camera). */
const RESUBMIT_AFTER_MS = 3000;
/** Where this device's door name is kept (listed in the privacy notice). */
const DEVICE_KEY = 'scannerDoorName';

type Outcome = { kind: 'verdict'; result: ScanResult } | { kind: 'offline'; retry: () => void } | { kind: 'error'; text: string };

function newNonce(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

export function Scanner({ events, eventId: eventInUrl, mode: modeInUrl }: { events: DoorEvent[]; eventId: string | null; mode: ScanMode }) {
  const t = useTranslations('Scanner');
  const locale = useLocale() as 'en' | 'de';
  const id = useId();
  const errorMessage = useApiErrorMessage();
  // Chosen here at once; the URL follows (so the setup is a bookmark) and wins when it changes.
  const [choice, setChoice] = useState({ eventId: eventInUrl, mode: modeInUrl, fromUrl: `${eventInUrl}|${modeInUrl}` });
  if (choice.fromUrl !== `${eventInUrl}|${modeInUrl}`) setChoice({ eventId: eventInUrl, mode: modeInUrl, fromUrl: `${eventInUrl}|${modeInUrl}` });
  const mode = choice.mode;
  const event = events.find((candidate) => candidate.id === choice.eventId) ?? events[0] ?? null;
  const [device, setDevice] = useState(() => (typeof window === 'undefined' ? '' : (localStorage.getItem(DEVICE_KEY) ?? '')));
  const doorName = device.trim() || t('defaultDoor');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [online, setOnline] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const recent = useRef(new Map<string, number>());
  // Sent at once even when the browser says it is offline: the scan then fails now and says so,
  // instead of waiting in React Query's queue and admitting someone later, unseen.
  const scan = trpc.door.scan.useMutation({ networkMode: 'always' });

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  function setUrl(next: { event?: string; mode?: ScanMode }) {
    const eventId = next.event ?? event?.id ?? '';
    const nextMode = next.mode ?? mode;
    setChoice((current) => ({ ...current, eventId, mode: nextMode }));
    // The page's own history entry, not a navigation: the door's setup changes without asking the
    // server, so it works without signal (Next keeps its router in step with replaceState).
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${new URLSearchParams({ event: eventId, mode: nextMode })}`);
  }

  const submit = useCallback(
    (code: string, source: 'camera' | 'keyboard') => {
      if (!event) return;
      const trimmed = code.trim().slice(0, CODE_MAX);
      // The same pass before the same camera again: not sent twice (in another mode it is a new scan).
      const key = `${event.id}|${mode}|${trimmed}`;
      const last = recent.current.get(key);
      if (last && Date.now() - last < RESUBMIT_AFTER_MS) return;
      recent.current.set(key, Date.now());
      const nonce = newNonce();
      const send = () => {
        scan.mutate(
          { eventId: event.id, mode, code: trimmed, nonce, source, device: doorName },
          {
            onSuccess: (result) => {
              setOutcome({ kind: 'verdict', result });
              signal(result.verdict);
            },
            onError: (error) => {
              // No answer: the scan was not decided. Say so at once; the retry keeps its nonce,
              // so it can never admit twice.
              if (!navigator.onLine || !(error as { data?: unknown }).data) setOutcome({ kind: 'offline', retry: send });
              else setOutcome({ kind: 'error', text: errorMessage(error) });
              navigator.vibrate?.([300, 100, 300]);
            },
          },
        );
      };
      send();
    },
    [event, mode, doorName, scan, errorMessage],
  );

  const { video, ...camera } = useCameraDecoder((text) => submit(text, 'camera'), cameraOn && event !== null);
  useKeyboardWedge((code) => submit(code, 'keyboard'));

  if (!event) return <p className="empty-state">{t('noEvents')}</p>;

  return (
    <div className="scanner" onPointerDown={unlockSound}>
      <div className="scanner__setup">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-event`}>
            {t('event')}
          </label>
          <select id={`${id}-event`} className="field__select" value={event.id} onChange={(change) => setUrl({ event: change.target.value })}>
            {events.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {(candidate.title[locale] || candidate.title.en) + (candidate.open ? ` · ${t('doorOpen')}` : '')}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="mode-switch">
          <legend className="field__label">{t('mode')}</legend>
          {(['entry', 'bar'] as const).map((option) => (
            <label key={option} className="mode-switch__option">
              <input type="radio" name="mode" value={option} checked={mode === option} onChange={() => setUrl({ mode: option })} />
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
            onChange={(change) => {
              setDevice(change.target.value);
              localStorage.setItem(DEVICE_KEY, change.target.value);
            }}
          />
        </div>
      </div>

      {!online ? (
        <p className="alert alert--error scanner__offline" role="alert">
          <span className="alert__label" aria-hidden="true">!</span>
          {t('offline')}
        </p>
      ) : null}
      {choice.eventId !== null && choice.eventId !== event.id ? (
        // A bookmark of an event the door no longer lists: never scanned for another one unsaid.
        <p className="alert alert--warning" role="alert">
          <span className="alert__label" aria-hidden="true">!</span>
          {t('eventGone', { title: event.title[locale] || event.title.en })}
        </p>
      ) : null}
      {!event.open ? <p className="alert" role="note">{t('doorClosed')}</p> : null}

      <div className="scanner__camera">
        <video ref={video} className="scanner__video" muted playsInline aria-label={t('cameraLabel')} />
        <span className="scanner__aim" aria-hidden="true" />
        {camera.state === 'denied' || camera.state === 'unavailable' ? <p className="scanner__camera-note">{t(`camera.${camera.state}`)}</p> : null}
        {camera.state === 'starting' && cameraOn ? <p className="scanner__camera-note"><span className="spinner" aria-hidden="true" /> {t('camera.starting')}</p> : null}
        <div className="scanner__camera-actions">
          {camera.canSwitch ? (
            <button type="button" className="button button--ghost button--small" onClick={camera.switchCamera}>
              {t('switchCamera')}
            </button>
          ) : null}
          {camera.torch.available ? (
            <button type="button" className="button button--ghost button--small" aria-pressed={camera.torch.on} onClick={() => void camera.toggleTorch()}>
              {t('torch')}
            </button>
          ) : null}
          <button type="button" className="button button--ghost button--small" aria-pressed={!cameraOn} onClick={() => setCameraOn((on) => !on)}>
            {cameraOn ? t('cameraOff') : t('cameraOn')}
          </button>
        </div>
      </div>

      {scan.isPending ? (
        <p className="scanner__checking" role="status">
          <span className="spinner" aria-hidden="true" /> {t('checking')}
        </p>
      ) : null}
      {outcome ? <VerdictPanel outcome={outcome} onDismiss={() => setOutcome(null)} /> : null}

      <KeyboardEntry onCode={(code) => submit(code, 'keyboard')} />
      <DoorFigures event={event} latest={outcome?.kind === 'verdict' && outcome.result.eventId === event.id ? outcome.result.counts : null} />
      <ManualAdmit event={event} doorName={doorName} onResult={(result) => { setOutcome({ kind: 'verdict', result }); signal(result.verdict); }} />
    </div>
  );
}

const ICONS = { accepted: '✓', notice: '!', refused: '✕' } as const;

function VerdictPanel({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  const t = useTranslations('Scanner');
  const format = useFormatter();
  const time = (at: Date) => format.dateTime(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: VENUE_TIME_ZONE });
  const action = useVerdictFocus(outcome, onDismiss);
  if (outcome.kind !== 'verdict') {
    return (
      <section className="verdict verdict--refused" role="alert" aria-live="assertive">
        <span className="verdict__icon" aria-hidden="true">!</span>
        <h2 className="verdict__heading">{outcome.kind === 'offline' ? t('noAnswer') : t('scanFailed')}</h2>
        <p className="verdict__detail">{outcome.kind === 'offline' ? t('noAnswerHint') : outcome.text}</p>
        <div className="verdict__actions">
          {outcome.kind === 'offline' ? (
            <button ref={action} type="button" className="button button--primary" onClick={outcome.retry}>
              {t('retry')}
            </button>
          ) : null}
          <button ref={outcome.kind === 'offline' ? undefined : action} type="button" className="button button--ghost" onClick={onDismiss}>
            {t('dismiss')}
          </button>
        </div>
      </section>
    );
  }
  const { result } = outcome;
  const tone = toneOf(result.verdict);
  const photo = ownPhoto(result.member?.photoURL ?? null);
  return (
    <section className={`verdict verdict--${tone}`} role="alert" aria-live="assertive" data-verdict={result.verdict}>
      <span className="verdict__icon" aria-hidden="true">{ICONS[tone]}</span>
      <h2 className="verdict__heading">{t(`verdicts.${result.verdict}`)}</h2>
      {result.member ? (
        <div className="verdict__member">
          {photo ? (
            // eslint-disable-next-line @next/next/no-img-element -- served by our own avatar route
            <img className="avatar verdict__photo" src={photo} alt={t('photoOf', { name: result.member.displayName ?? '' })} width={160} height={160} />
          ) : (
            <span className="avatar verdict__photo" role="img" aria-label={t('noPhoto')}>
              {(result.member.displayName ?? '?').charAt(0).toUpperCase()}
            </span>
          )}
          <p className="verdict__name">{result.member.displayName}</p>
        </div>
      ) : null}
      {result.verdict === 'alreadyAdmitted' && result.firstAt ? (
        <p className="verdict__detail">{t('firstAdmitted', { time: time(result.firstAt), door: result.firstDevice ?? '' })}</p>
      ) : null}
      {result.verdict === 'expiredCode' ? <p className="verdict__detail">{t('expiredHint')}</p> : null}
      {result.drinksLeft !== null && result.verdict === 'drinkRedeemed' ? <p className="verdict__detail">{t('drinksLeft', { count: result.drinksLeft })}</p> : null}
      <div className="verdict__actions">
        <button ref={action} type="button" className="button button--ghost" onClick={onDismiss}>
          {t('dismiss')}
        </button>
      </div>
    </section>
  );
}

/**
 * The verdict covers the scanner, so it takes the focus (its first action: try again, or next
 * scan), and Escape puts it away, as a keyboard or a screen reader expects of what fills the
 * screen.
 */
function useVerdictFocus(outcome: Outcome, onDismiss: () => void) {
  const action = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    action.current?.focus();
  }, [outcome]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDismiss]);
  return action;
}

/** Inputs that take typed text: keys there are the person's, not a scanner's. */
const NOT_TYPED_INTO = new Set(['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image']);

function takesText(target: HTMLElement | null): boolean {
  if (!target) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  return target.tagName === 'INPUT' && !NOT_TYPED_INTO.has((target as HTMLInputElement).type);
}

/** Shorter bursts are stray keys, not a scanned code. */
const WEDGE_MIN_LENGTH = 4;

/**
 * A USB or Bluetooth scanner types the code and Enter, fast: caught anywhere but where text is
 * typed (so also with the mode buttons or the camera switch focused). Whatever it read is
 * checked, so a foreign ticket gets its "Invalid code" instead of leaving the last verdict up,
 * and its Enter presses nothing else.
 */
function useKeyboardWedge(onCode: (code: string) => void) {
  useEffect(() => {
    let buffer = '';
    let last = 0;
    const onKey = (event: KeyboardEvent) => {
      // A key press may start sound as a tap does: a door with only a hardware scanner hears it.
      unlockSound();
      if (takesText(event.target as HTMLElement | null)) return;
      const now = performance.now();
      if (now - last > 100) buffer = '';
      last = now;
      if (event.key === 'Enter') {
        if (buffer.length >= WEDGE_MIN_LENGTH) {
          event.preventDefault();
          onCode(buffer);
        }
        buffer = '';
      } else if (event.key.length === 1) buffer += event.key;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCode]);
}

function KeyboardEntry({ onCode }: { onCode: (code: string) => void }) {
  const t = useTranslations('Scanner');
  const id = useId();
  const [value, setValue] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value.trim()) return;
    onCode(value);
    setValue('');
  }
  return (
    <form className="panel scanner__keyboard" onSubmit={submit}>
      <label className="field__label" htmlFor={`${id}-code`}>
        {t('keyboardLabel')}
      </label>
      <p className="field__hint" id={`${id}-hint`}>{t('keyboardHint')}</p>
      <div className="scanner__keyboard-row">
        <input id={`${id}-code`} className="field__input" value={value} onChange={(change) => setValue(change.target.value)} maxLength={CODE_MAX} autoComplete="off" aria-describedby={`${id}-hint`} />
        <button type="submit" className="button button--primary">
          {t('check')}
        </button>
      </div>
    </form>
  );
}

/**
 * The night's figures: the live feed, and the counts of this door's latest answer, whichever is
 * further on (both only grow during a night). With several Firebase-mode servers the feed sees
 * other servers' scans late (decision 022); this door's own answers are never behind.
 */
function DoorFigures({ event, latest }: { event: DoorEvent; latest: DoorCounts | null }) {
  const t = useTranslations('Scanner');
  const format = useFormatter();
  const activity = useLiveFeed('doorActivity', { eventId: event.id });
  const admitted = Math.max(activity.status === 'ready' ? activity.data.admitted : 0, latest?.admitted ?? 0);
  const drinks = Math.max(activity.status === 'ready' ? activity.data.drinks : 0, latest?.drinks ?? 0);
  return (
    <section className="panel scanner__figures" aria-labelledby="door-figures">
      <h2 id="door-figures">{t('tonight')}</h2>
      {activity.status === 'loading' ? (
        <Skeleton shape="field" label={t('loadingFigures')} />
      ) : activity.status === 'error' ? (
        <p className="alert alert--error" role="alert">{t('figuresFailed')}</p>
      ) : (
        <>
          <dl className="scanner__counts">
            <div>
              <dt>{t('admitted')}</dt>
              <dd>{t('ofCapacity', { count: admitted, capacity: activity.data.capacity })}</dd>
            </div>
            <div>
              <dt>{t('drinks')}</dt>
              <dd>{drinks}</dd>
            </div>
          </dl>
          {activity.data.recent.length ? (
            <ol className="scanner__recent" aria-label={t('recent')}>
              {activity.data.recent.map((entry) => (
                <li key={entry.id} className={`scanner__recent-item scanner__recent-item--${toneOf(entry.verdict)}`}>
                  <span aria-hidden="true">{ICONS[toneOf(entry.verdict)]}</span>
                  <span className="scanner__recent-verdict">{t(`verdicts.${entry.verdict}`)}</span>
                  <span>{entry.name ?? t('unknown')}</span>
                  <time dateTime={entry.at.toISOString()}>{format.dateTime(entry.at, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: VENUE_TIME_ZONE })}</time>
                </li>
              ))}
            </ol>
          ) : (
            <p className="field__hint">{t('noScans')}</p>
          )}
        </>
      )}
    </section>
  );
}

function ManualAdmit({ event, doorName, onResult }: { event: DoorEvent; doorName: string; onResult: (result: ScanResult) => void }) {
  const t = useTranslations('Scanner');
  const errorMessage = useApiErrorMessage();
  const id = useId();
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState('');
  // One nonce per confirmation: pressed twice, the admission is asked once and answered once.
  const [confirming, setConfirming] = useState<(DoorSearchHit & { nonce: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hits = trpc.door.search.useQuery({ eventId: event.id, query: submitted }, { enabled: submitted.length >= 2 });
  const admit = trpc.door.admit.useMutation({
    networkMode: 'always',
    onSuccess: (result) => {
      setConfirming(null);
      onResult(result);
      void hits.refetch();
    },
    onError: (caught) => {
      setConfirming(null);
      setError(errorMessage(caught));
    },
  });
  return (
    <section className="panel scanner__manual" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('manualHeading')}</h2>
      <p className="field__hint">{t('manualLead')}</p>
      <form
        className="scanner__keyboard-row"
        role="search"
        onSubmit={(submit) => {
          submit.preventDefault();
          setError(null);
          setSubmitted(query.trim());
        }}
      >
        <label className="visually-hidden" htmlFor={`${id}-query`}>
          {t('searchLabel')}
        </label>
        <input id={`${id}-query`} className="field__input" type="search" value={query} onChange={(change) => setQuery(change.target.value)} placeholder={t('searchLabel')} minLength={2} maxLength={80} />
        <button type="submit" className="button button--ghost">
          {t('search')}
        </button>
      </form>
      {error ? <p className="alert alert--error" role="alert">{error}</p> : null}
      {hits.isFetching ? <p role="status"><span className="spinner" aria-hidden="true" /> {t('searching')}</p> : null}
      {hits.data && !hits.isFetching ? (
        hits.data.length ? (
          <ul className="scanner__hits">
            {hits.data.map((hit) => (
              <li key={hit.uid} className="scanner__hit">
                <span>
                  <strong>{hit.displayName ?? hit.email}</strong> <span className="field__hint">{hit.email}</span>
                </span>
                <span className="field__hint">{hit.checkedInAt ? t('alreadyIn') : hit.member ? t('member') : t('notMember')}</span>
                <button type="button" className="button button--primary button--small" disabled={!hit.member || hit.checkedInAt !== null || admit.isPending} onClick={() => setConfirming({ ...hit, nonce: newNonce() })}>
                  {t('admit')}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="field__hint">{t('noHits')}</p>
        )
      ) : null}
      <ConfirmDialog
        trigger={<span hidden />}
        title={t('admitTitle', { name: confirming?.displayName ?? confirming?.email ?? '' })}
        text={t('admitText')}
        confirmLabel={t('admit')}
        cancelLabel={t('cancel')}
        onConfirm={() => confirming && !admit.isPending && admit.mutate({ eventId: event.id, uid: confirming.uid, nonce: confirming.nonce, device: doorName })}
        busy={admit.isPending}
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
      />
    </section>
  );
}
