// The one place that chooses the accounts adapter. Both backends sign in with Firebase Auth (the
// embedded one against its emulator), so there is one adapter; callers still import the port.
import 'server-only';
import { firebaseAccounts } from './firebase-accounts';
import type { Accounts } from './port';

export function getAccounts(): Accounts {
  return firebaseAccounts;
}
