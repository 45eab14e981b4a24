'use client';
// What signing out does on this device for the features above identity, given to every sign-out
// below it (identity's useSignOut): first, where scans this person decided at a door without signal
// still wait on this phone, it says so and lets them stay signed in (the scans stay either way and
// are sent when they sign in here again, decision 043); then it forgets the door's, then push.
// Provided where a sign-out is offered (the header's account control, the sign-in page, the profile
// and the 403 page's account deletion), not in the root layout: every page would load it (decision 027).
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { DeviceForgetting, type SignOutOnThisDevice } from '@/features/identity/client/useSignOut';
import { PUSH_RECORD_KEY } from '@/features/notifications/constants';
import { ConfirmDialog } from '@/ui/dialog/ConfirmDialog';

export async function forgetThisDevice(): Promise<void> {
  // The member pass's key leaves with its owner; a door phone's lists of members and their photos
  // too (its queue of scans decided offline stays until their person has sent it: decision 043).
  await Promise.all([
    import('@/features/door/client/pass-store').then(({ forgetPasses }) => forgetPasses()),
    import('@/features/door/client/door-store').then(({ forgetDoorLists }) => forgetDoorLists()),
  ]).catch((error: unknown) => console.error('Forgetting the pass or the door list on sign-out failed:', error));
  // A shared phone must not show the next person this one's messages: push goes off on this
  // device while the session still exists to tell the server. Loaded only if push was ever on.
  if (localStorage.getItem(PUSH_RECORD_KEY)) {
    await Promise.all([import('@/features/notifications/client/push-registration'), import('@/trpc/browser-client')])
      .then(([{ disablePush }, { browserTrpcClient }]) => disablePush(browserTrpcClient()))
      .catch((error: unknown) => console.error('Turning push off on sign-out failed:', error));
  }
}

/** Scans this account decided at a door without signal that still wait on this device; 0 where none can be read (the sign-out is not held up). */
export async function scansWaitingFor(uid: string): Promise<number> {
  return import('@/features/door/client/door-store')
    .then(({ queuedFor }) => queuedFor(uid))
    .catch((error: unknown) => {
      console.error('Counting the door’s waiting scans on sign-out failed:', error);
      return 0;
    });
}

type Question = { count: number; answer: (signOut: boolean) => void; opener: HTMLElement | null };

export function ForgetThisDevice({ children }: { children: ReactNode }) {
  const t = useTranslations('Nav.scansWaiting');
  const [question, setQuestion] = useState<Question | null>(null);
  const onThisDevice = useMemo<SignOutOnThisDevice>(
    () => ({
      forget: forgetThisDevice,
      confirm: async (uid) => {
        const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        const count = await scansWaitingFor(uid);
        if (count === 0) return true;
        return new Promise<boolean>((answer) => setQuestion({ count, answer, opener }));
      },
    }),
    [],
  );
  const answer = (signOut: boolean) => {
    question?.answer(signOut);
    setQuestion(null);
  };
  return (
    <DeviceForgetting.Provider value={onThisDevice}>
      {children}
      {question ? (
        <ConfirmDialog
          title={t('title', { count: question.count })}
          text={t('text', { count: question.count })}
          confirmLabel={t('signOut')}
          cancelLabel={t('stay')}
          onConfirm={() => answer(true)}
          open
          onOpenChange={(open) => (open ? undefined : answer(false))}
          returnFocusTo={question.opener}
        />
      ) : null}
    </DeviceForgetting.Provider>
  );
}
