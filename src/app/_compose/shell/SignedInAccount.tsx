'use client';
// The header's account control for someone signed in: the unread badge, photo and name, and
// sign-out. Loaded by ./AccountControl only when someone is signed in, and with it what signing
// out forgets on this device.
import { useTranslations } from 'next-intl';
import type { ViewerPerson } from '@/features/identity/client/viewer-person';
import { useSignOut } from '@/features/identity/client/useSignOut';
import { InboxBadge } from '@/features/notifications/ui/InboxBadge';
import { Avatar } from '@/ui/Avatar';
import { ownPhoto } from '@/ui/shell/own-photo';
import { ForgetThisDevice } from '../ForgetThisDevice';
import styles from '@/ui/shell/header.module.css';

type Props = { person: ViewerPerson; className?: string; onDone?: () => void };

export default function SignedInAccount(props: Props) {
  return (
    <ForgetThisDevice>
      <Account {...props} />
    </ForgetThisDevice>
  );
}

function Account({ person, className, onDone }: Props) {
  const t = useTranslations('Nav');
  const signOut = useSignOut();
  const name = person.displayName ?? person.email ?? '';
  return (
    <div className={className}>
      <InboxBadge />
      <Avatar photo={ownPhoto(person.photoURL)} alt="" size={32} small />
      <span className={styles['account-control__name']} title={person.email ?? undefined}>
        <span className="visually-hidden">{t('signedInAs')} </span>
        {name}
      </span>
      <button
        type="button"
        className="button button--ghost button--small"
        // The menu closes once the sign-out goes ahead: the question it may ask first lives in it.
        onClick={() => void signOut({ onLeaving: onDone })}
      >
        {t('signOut')}
      </button>
    </div>
  );
}
