'use client';
// What signing out forgets on this device of the features above identity, given to every
// sign-out below it (identity's useSignOut): the door's, then push. Provided where a sign-out is
// offered (the header's account control, the sign-in page, the profile and the 403 page's
// account deletion), not in the root layout: every page would load it (decision 027).
import type { ReactNode } from 'react';
import { DeviceForgetting } from '@/features/identity/client/useSignOut';
import { PUSH_RECORD_KEY } from '@/features/notifications/constants';

export async function forgetThisDevice(): Promise<void> {
  // The member pass's key leaves with its owner; a door phone's lists of members and their photos
  // too (its queue of scans decided offline stays until the server has it: decision 043).
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

export function ForgetThisDevice({ children }: { children: ReactNode }) {
  return <DeviceForgetting.Provider value={forgetThisDevice}>{children}</DeviceForgetting.Provider>;
}
