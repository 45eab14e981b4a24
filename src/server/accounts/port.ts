// The accounts port: what the server changes on a person's sign-in account (Firebase Auth in
// both backends; the embedded one runs its emulator). Domain code takes this interface.
import type { Role } from '@/features/identity/roles';

export interface NewAccount {
  uid: string;
  email: string;
  password: string;
  displayName: string;
}

export interface Accounts {
  /** The role claim in the person's ID tokens; the user document stays the source of truth. */
  setRoleClaim(uid: string, role: Role | null): Promise<void>;
  /** A disabled account cannot sign in or refresh its tokens. */
  setDisabled(uid: string, disabled: boolean): Promise<void>;
  /** Ends every session and refresh token of the account, on every device. */
  revokeSessions(uid: string): Promise<void>;
  /** Creates the account unless one with this uid exists; true when it was created. */
  ensureAccount(account: NewAccount): Promise<boolean>;
}
