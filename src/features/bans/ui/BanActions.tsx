'use client';
// What an admin does with a ban, wherever it is shown (a person's page, the list of all): change
// it in the one ban form, or lift it after a confirmation. And "Ban" for a person not banned yet
// (a person's page, a ticket's holder on the event's guest list).
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import { ConfirmButton } from '@/ui/dialog/ConfirmButton';
import type { Feedback } from '@/ui/feedback/Alert';
import type { BanView } from '../ban-admin';
import type { BannedPerson } from '../bans.inputs';
import { BanDialog } from './BanDialog';

/** Who a ban is of, as the ban form takes it again to change it. */
export function bannedPersonOf(ban: BanView): BannedPerson {
  return ban.subject === 'account' && ban.accountUid ? { kind: 'account', uid: ban.accountUid } : { kind: 'email', email: ban.email ?? '', name: ban.name ?? '' };
}

/** "Ban…": opens the ban form for a person not banned yet. */
export function BanButton({ person, name, onFeedback, className = 'button button--ghost' }: { person: BannedPerson; name: string; onFeedback: (feedback: Feedback) => void; className?: string }) {
  const t = useTranslations('AdminBans');
  // The button that opened the form, where focus returns; null while closed.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  return (
    <>
      <button type="button" className={className} aria-label={t('banLabel', { name })} aria-haspopup="dialog" onClick={(event) => setOpener(event.currentTarget)}>
        {t('ban')}
      </button>
      {opener && (
        <BanDialog
          person={person}
          name={name}
          current={null}
          returnFocusTo={opener}
          onClose={() => setOpener(null)}
          onSaved={() => {
            setOpener(null);
            onFeedback({ kind: 'success', text: t('saved', { name }) });
          }}
        />
      )}
    </>
  );
}

/** Change and Lift for one ban. */
export function BanActions({ ban, name, onFeedback }: { ban: BanView; name: string; onFeedback: (feedback: Feedback) => void }) {
  const t = useTranslations('AdminBans');
  const errorMessage = useApiErrorMessage();
  const utils = trpc.useUtils();
  const [changing, setChanging] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const lift = trpc.bans.lift.useMutation({
    onSuccess: async () => {
      onFeedback({ kind: 'success', text: t('lifted', { name }) });
      await utils.bans.invalidate();
    },
    onError: async (error) => {
      onFeedback({ kind: 'error', text: errorMessage(error) });
      await utils.bans.invalidate();
    },
  });

  return (
    <div className="button-row">
      <button
        type="button"
        className="button button--ghost"
        aria-label={t('changeLabel', { name })}
        aria-haspopup="dialog"
        disabled={lift.isPending}
        onClick={(event) => {
          setOpener(event.currentTarget);
          setChanging(true);
        }}
      >
        {t('change')}
      </button>
      <ConfirmButton
        className="button button--ghost button--danger"
        aria-label={t('liftLabel', { name })}
        disabled={lift.isPending}
        title={t('liftTitle', { name })}
        text={t('liftText')}
        confirmLabel={t('liftConfirm')}
        cancelLabel={t('keep')}
        onConfirm={() => lift.mutateAsync({ id: ban.id })}
      >
        {t('lift')}
      </ConfirmButton>
      {changing && (
        <BanDialog
          person={bannedPersonOf(ban)}
          name={name}
          current={ban}
          returnFocusTo={opener}
          onClose={() => setChanging(false)}
          onSaved={() => {
            setChanging(false);
            onFeedback({ kind: 'success', text: t('saved', { name }) });
          }}
        />
      )}
    </div>
  );
}
