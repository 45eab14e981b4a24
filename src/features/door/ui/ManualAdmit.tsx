'use client';
// Admitting by name when a phone has died: search the members who may enter, check the face and
// the ID against the name and photo, confirm, admit once. Without signal the search reads this
// phone's door list and the admission is decided and queued here, like a scan (decision 043).
// Tonight's tickets are found by their holder's name too: a guest-list entry ("Kai +3") is
// admitted here with its party; a guest's or a public ticket shows its code at the camera.
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import { ConfirmDialog } from '@/ui/dialog/ConfirmDialog';
import { Avatar } from '@/ui/Avatar';
import { Alert } from '@/ui/feedback/Alert';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { ownPhoto } from '@/ui/shell/own-photo';
import type { DoorEvent } from '../door-figures';
import type { DoorSearchHit } from '../door-search';
import type { DoorAnswer, DoorSync } from '../client/door-sync';
import { newNonce, type ScanMade } from '../client/useDoorScan';
import styles from './door.module.css';

export function ManualAdmit({ event, doorName, sync, onAnswer }: { event: DoorEvent; doorName: string; sync: DoorSync | null; onAnswer: (answer: DoorAnswer, again: () => void, scan: ScanMade) => void }) {
  const t = useTranslations('Scanner');
  const errorMessage = useApiErrorMessage();
  const id = useId();
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState('');
  // One nonce per confirmation: pressed twice, the admission is asked once and answered once.
  const [confirming, setConfirming] = useState<(DoorSearchHit & { nonce: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Without signal the list on this phone is searched instead of the server.
  const [localHits, setLocalHits] = useState<DoorSearchHit[] | null>(null);
  const hits = trpc.door.search.useQuery({ eventId: event.id, query: submitted }, { enabled: submitted.length >= 2 && localHits === null });
  /** Admits once; the confirmation stays busy until the door has answered. */
  function admit(hit: DoorSearchHit & { nonce: string }): Promise<void> | undefined {
    if (!sync) return undefined;
    const input = { eventId: event.id, uid: hit.uid, nonce: hit.nonce, device: doorName };
    const send = (): Promise<void> =>
      sync.admit(input).then((answer) => {
        setConfirming(null);
        if (answer.kind === 'error') return setError(errorMessage(answer.error));
        onAnswer(answer, () => void send(), { nonce: hit.nonce, uid: hit.uid, source: 'manual' });
        if (localHits !== null) setLocalHits(sync.search(submitted));
        else void hits.refetch();
      });
    return send();
  }
  const shown = localHits ?? (hits.isFetching ? undefined : hits.data);
  const hitKind = (ticket: NonNullable<DoorSearchHit['ticket']>) =>
    ticket.kind === 'guestList' ? t('ticket.guestListEntry', { party: ticket.party }) : ticket.kind === 'public' ? t('ticket.public') : ticket.sponsorName ? t('ticket.guestOf', { name: ticket.sponsorName }) : t('ticket.guest');
  return (
    <section className={`panel ${styles.scanner__manual}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('manualHeading')}</h2>
      <p className="field__hint">{t('manualLead')}</p>
      <form
        className={styles['scanner__keyboard-row']}
        role="search"
        onSubmit={(submit) => {
          submit.preventDefault();
          setError(null);
          setSubmitted(query.trim());
          setLocalHits(sync?.searchesHere && query.trim().length >= 2 ? sync.search(query) : null);
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
      {error ? <Alert kind="error">{error}</Alert> : null}
      {localHits !== null ? <p className="field__hint">{t('searchedHere')}</p> : null}
      {hits.isError && localHits === null ? <Alert kind="error">{errorMessage(hits.error)}</Alert> : null}
      <LoadingStatus active={hits.isFetching && localHits === null}>{t('searching')}</LoadingStatus>
      {shown ? (
        shown.length ? (
          <ul className={styles.scanner__hits}>
            {shown.map((hit) => (
              <li key={hit.uid} className={styles.scanner__hit}>
                <span className={styles['scanner__hit-person']}>
                  <HitPhoto hit={hit} />
                  <strong>{hit.name}</strong>
                </span>
                <span className="field__hint">{hit.checkedInAt ? t('alreadyIn') : hit.ticket ? hitKind(hit.ticket) : t('member')}</span>
                {hit.ticket && hit.ticket.kind !== 'guestList' ? (
                  <span className="field__hint">{t('showCode')}</span>
                ) : (
                  <button type="button" className="button button--primary button--small" disabled={hit.checkedInAt !== null} onClick={() => setConfirming({ ...hit, nonce: newNonce() })}>
                    {t('admit')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="field__hint">{t('noHits')}</p>
        )
      ) : null}
      <ConfirmDialog
        trigger={<span hidden />}
        title={t('admitTitle', { name: confirming?.name ?? '' })}
        text={confirming?.ticket ? t('admitTicketText', { count: confirming.ticket.party + 1 }) : t('admitText')}
        confirmLabel={t('admit')}
        cancelLabel={t('cancel')}
        busyLabel={t('anyway.admitting')}
        onConfirm={() => (confirming ? admit(confirming) : undefined)}
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
      />
    </section>
  );
}

/** The member's photo to check the face against, or their initial where they have none. */
function HitPhoto({ hit }: { hit: DoorSearchHit }) {
  const t = useTranslations('Scanner');
  return (
    <Avatar
      photo={ownPhoto(hit.photoURL)}
      initial={hit.name.charAt(0).toUpperCase()}
      alt={t('photoOf', { name: hit.name })}
      initialLabel={t('noPhoto')}
      size={48}
      small
      className={styles['scanner__hit-photo']}
    />
  );
}
