// What the sign-in forms send: an address, a password, a new account's name. Firebase Auth takes
// the password sign-in and the new account; the mail procedures take the address of a sign-in
// link or a password reset and build their inputs from it here (mail.inputs.ts), since identity
// sits below mail in the floor plan. Plain zod, no server code: /login and /confirm parse with
// these schemas before anything is sent, and the server parses the mail inputs with the same rules.
import { z } from 'zod';
import { DISPLAY_NAME_MAX, EMAIL_MAX, PASSWORD_MIN_LENGTH } from './constants';

/** An e-mail address, required. */
export const EmailAddress = z.string().trim().min(1, 'required').max(EMAIL_MAX).pipe(z.email('email'));

/** The name a person goes by, as the header and the lists show it. */
export const DisplayName = z.string().trim().min(1, 'required').max(DISPLAY_NAME_MAX);

/** A new password, never trimmed: Firebase has the last word ('weakPassword'). */
export const NewPassword = z.string().min(1, 'required').min(PASSWORD_MIN_LENGTH);

/** The address a sign-in link or a password reset goes to, or that completes a link on another device. */
export const AddressInput = z.object({ email: EmailAddress });
export type AddressInput = z.infer<typeof AddressInput>;

export const PasswordSignInInput = z.object({ email: EmailAddress, password: z.string().min(1, 'required') });
export type PasswordSignInInput = z.infer<typeof PasswordSignInInput>;

export const NewAccountInput = z.object({ displayName: DisplayName, email: EmailAddress, password: NewPassword });
export type NewAccountInput = z.infer<typeof NewAccountInput>;

/** A password reset's new password (the link's code names the account). */
export const NewPasswordInput = z.object({ password: NewPassword });
export type NewPasswordInput = z.infer<typeof NewPasswordInput>;
