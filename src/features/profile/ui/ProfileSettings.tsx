'use client';
// /vip/profile: the person's own account. Name, photo, language and this device's notifications
// save on their own; signing out (here or everywhere) and deleting the account ask first where
// they cannot be undone.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import * as Dialog from '@radix-ui/react-dialog';
import { useRouter, usePathname } from '@/i18n/navigation';
import { LOCALES, type Locale } from '@/i18n/routing';
import { trpc } from '@/trpc/client';
import { refreshServerViewer } from '@/features/identity/client/server-viewer';
import { apiErrorReason } from '@/trpc/errors';
import { useForm } from '@/forms/useForm';
import { loginHref } from '@/navigation/login-link';
import { TextField } from '@/ui/form/TextField';
import { ConfirmButton } from '@/ui/dialog/ConfirmButton';
import { BusyButton } from '@/ui/dialog/BusyButton';
import { useOneAtATime } from '@/ui/dialog/useOneAtATime';
import { Alert, FeedbackAlert } from '@/ui/feedback/Alert';
import { useFeedback } from '@/ui/feedback/useFeedback';
import { useSignOut } from '@/features/identity/client/useSignOut';
import settings from '@/ui/settings.module.css';
import type { Profile } from '../profile';
import type { MailSettings as MailChoices } from '../mail-settings';
import { DISPLAY_NAME_MAX } from '@/features/identity/constants';
import { ACCOUNT_DELETED_PARAM, DELETE_AGAIN_PARAM, DELETE_WORD } from '../constants';
import { DeleteAccountInput, ProfileInput } from '../profile.inputs';
import { AvatarEditor } from './AvatarEditor';
import { MailSettings } from './MailSettings';
import styles from './profile.module.css';

/** `notifications` is this device's push section, from the notifications feature: the page puts it in. */
export function ProfileSettings({ initial, mail, notifications }: { initial: Profile; mail: MailChoices; notifications: ReactNode }) {
  const [profile, setProfile] = useState(initial);
  function saved(next: Profile) {
    setProfile(next);
    // The header reads the stored name and photo through identity.me: asked again now.
    refreshServerViewer();
  }
  return (
    <div className={styles.profile}>
      <AvatarEditor profile={profile} onSaved={saved} />
      <NameForm profile={profile} onSaved={saved} />
      <LanguageForm profile={profile} onSaved={saved} />
      {notifications}
      <MailSettings initial={mail} />
      <Sessions />
      <DeleteAccount profile={profile} />
    </div>
  );
}

function NameForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const t = useTranslations('Profile');
  const id = useId();
  const [name, setName] = useState(profile.displayName ?? '');
  const form = useForm({ fields: ['displayName'] });
  const { feedback, setFeedback, succeeded, clear } = useFeedback();
  const update = trpc.profile.update.useMutation({
    onSuccess: (next) => {
      succeeded(t('nameSaved'));
      onSaved(next);
    },
    // A name refused is said at its field; anything else where a success is.
    onError: (error) => {
      const said = form.refuse(error);
      setFeedback(said ? { kind: 'error', text: said } : null);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    const input = form.check(ProfileInput, { displayName: name });
    if (input) update.mutate(input);
  }

  return (
    <section className={`panel ${settings['profile-section']}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('nameHeading')}</h2>
      <form id={form.id} className={settings['profile-form']} onSubmit={submit} noValidate>
        <TextField
          id={`${id}-name`}
          name="displayName"
          label={t('nameLabel')}
          hint={t('nameHint')}
          value={name}
          onChange={form.changing('displayName', setName)}
          autoComplete="name"
          maxLength={DISPLAY_NAME_MAX}
          error={form.error('displayName')}
          required
        />
        {profile.email ? (
          <p className={settings['profile-form__note']}>{t('emailNote', { email: profile.email })}</p>
        ) : null}
        <FeedbackAlert feedback={feedback} />
        <div className={styles['profile-actions']}>
          <button type="submit" className="button button--primary" disabled={update.isPending} aria-busy={update.isPending}>
            {update.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            {t('saveName')}
          </button>
        </div>
      </form>
    </section>
  );
}

function LanguageForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const t = useTranslations('Profile');
  const id = useId();
  // A choice of two, checked with the procedure's input; no field to say a refusal at, so it is
  // said where a success is.
  const form = useForm({ fields: [] });
  const current = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const [choice, setChoice] = useState<Locale>(profile.locale ?? current);
  const { feedback, succeeded, failed, clear } = useFeedback();
  const update = trpc.profile.update.useMutation({
    onSuccess: (next) => {
      // A new language opens the page in it, which asks the server who is signed in itself. Asked
      // from this page, the question would carry this page's language, which the server takes as
      // the one last used (the mails' language) and would undo the choice just saved.
      if (choice !== current) {
        router.replace(pathname, { locale: choice });
        return;
      }
      onSaved(next);
      succeeded(t('languageSaved'));
    },
    onError: failed,
  });

  return (
    <section className={`panel ${settings['profile-section']}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('languageHeading')}</h2>
      <form
        id={form.id}
        className={settings['profile-form']}
        onSubmit={(event) => {
          event.preventDefault();
          clear();
          const input = form.check(ProfileInput, { locale: choice });
          if (input) update.mutate(input);
        }}
      >
        <fieldset className={settings['choice-group']}>
          <legend>{t('languageLegend')}</legend>
          {LOCALES.map((locale) => (
            <label key={locale} className={settings.choice} lang={locale}>
              <input type="radio" name="locale" value={locale} checked={choice === locale} onChange={() => setChoice(locale)} />
              {t(`languages.${locale}`)}
            </label>
          ))}
        </fieldset>
        <p className={settings['profile-form__note']}>{t('languageHint')}</p>
        <FeedbackAlert feedback={feedback} />
        <div className={styles['profile-actions']}>
          <button type="submit" className="button button--primary" disabled={update.isPending} aria-busy={update.isPending}>
            {update.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            {t('saveLanguage')}
          </button>
        </div>
      </form>
    </section>
  );
}

function Sessions() {
  const t = useTranslations('Profile');
  const id = useId();
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);
  const { feedback, failed } = useFeedback();
  const everywhere = trpc.profile.signOutEverywhere.useMutation({
    onSuccess: async () => {
      // This device too: its session ended with the others (nothing left to stay signed in for).
      await signOut({ ask: false });
    },
    onError: failed,
  });

  return (
    <section className={`panel ${settings['profile-section']}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('sessionsHeading')}</h2>
      <p>{t('sessionsLead')}</p>
      <FeedbackAlert feedback={feedback} />
      <div className={styles['profile-actions']}>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          aria-busy={busy}
          // Busy once the sign-out goes ahead: while it asks first (scans of theirs wait on this
          // phone), the button stays as it was.
          onClick={() => void signOut({ onLeaving: () => setBusy(true) })}
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('signOut')}
        </button>
        <ConfirmButton
          disabled={everywhere.isPending}
          title={t('signOutEverywhereTitle')}
          text={t('signOutEverywhereText')}
          confirmLabel={t('signOutEverywhere')}
          cancelLabel={t('cancel')}
          onConfirm={() => everywhere.mutateAsync()}
        >
          {t('signOutEverywhere')}
        </ConfirmButton>
      </div>
    </section>
  );
}

export function DeleteAccount({ profile }: { profile: Profile }) {
  const t = useTranslations('Profile');
  const id = useId();
  const signOut = useSignOut();
  const locale = useLocale();
  const pathname = usePathname();
  // Back from signing in again (below): the dialog is open where the person left it.
  const [open, setOpen] = useState(useSearchParams().has(DELETE_AGAIN_PARAM));
  const [typed, setTyped] = useState('');
  // Text that is not the one asked for is refused by the server at the field, which deletes nothing.
  const form = useForm({ fields: ['confirmation'] });
  const error = form.message;
  const [signInAgain, setSignInAgain] = useState(false);
  const expected = profile.email ?? DELETE_WORD;
  const remove = trpc.profile.deleteAccount.useMutation({
    onSuccess: async () => {
      // Home, which says the account is gone (no one is left to show anything else to, or to ask).
      await signOut({ to: `/?${ACCOUNT_DELETED_PARAM}`, ask: false });
    },
    onError: (caught) => {
      form.refuse(caught);
      setSignInAgain(apiErrorReason(caught) === 'recentSignInRequired');
    },
  });
  // Deleted once however often it is confirmed; the dialog stays until the answer (or the way home).
  const { busy, run } = useOneAtATime();
  // Deleting needs a sign-in of the last few minutes: sign out here, sign in, and come back.
  const reauthenticate = () => signOut({ to: loginHref(`${pathname}?${DELETE_AGAIN_PARAM}`, locale) });

  return (
    <section className={`panel ${settings['profile-section']} ${settings['profile-section--danger']}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('deleteHeading')}</h2>
      <p>{t('deleteLead')}</p>
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          if (busy) return;
          setOpen(next);
          setTyped('');
          form.clear();
          setSignInAgain(false);
        }}
      >
        <Dialog.Trigger asChild>
          <button type="button" className="button button--danger">
            {t('deleteAccount')}
          </button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="sheet-overlay" />
          <Dialog.Content className="dialog" aria-describedby={`${id}-delete-text`} aria-busy={busy}>
            <Dialog.Title className="dialog__title">{t('deleteTitle')}</Dialog.Title>
            <p id={`${id}-delete-text`}>{t('deleteText')}</p>
            <form
              id={form.id}
              className={settings['profile-form']}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                const input = form.check(DeleteAccountInput, { confirmation: typed });
                if (input) void run(() => remove.mutateAsync(input));
              }}
            >
              <TextField
                id={`${id}-confirm`}
                name="confirmation"
                label={t('deleteTypeLabel', { text: expected })}
                value={typed}
                onChange={form.changing('confirmation', setTyped)}
                autoComplete="off"
                maxLength={320}
                error={form.error('confirmation')}
              />
              {error ? <Alert kind="error">{error}</Alert> : null}
              <div className="dialog__actions">
                <Dialog.Close className="button button--ghost" disabled={busy}>
                  {t('cancel')}
                </Dialog.Close>
                {signInAgain ? (
                  <button type="button" className="button button--primary" onClick={() => void reauthenticate()}>
                    {t('deleteSignInAgain')}
                  </button>
                ) : null}
                <BusyButton type="submit" className="button button--danger" busy={busy} disabled={signInAgain}>
                  {t('deleteConfirm')}
                </BusyButton>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
