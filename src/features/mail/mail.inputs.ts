// What the mail procedures and endpoints accept: the address a sign-in link or a password reset
// goes to and the language it is written in (the page's, where the person asked); and the one-click
// unsubscribe link of an announcement (the person's uid and the token their document keeps), read
// from the URL a mail carried. Parsed once by the procedure or route; the domain functions take the
// parsed types. The address is the sign-in forms' own (identity.inputs.ts), which /login checks
// with before it asks.
import 'server-only';
import { z } from 'zod';
import { LOCALES } from '@/i18n/routing';
import { DocumentId } from '@/server/documents/document-id';
import { AddressInput } from '@/features/identity/identity.inputs';

export const SignInLinkInput = AddressInput.extend({ locale: z.enum(LOCALES) });
export type SignInLinkInput = z.infer<typeof SignInLinkInput>;

export const PasswordResetInput = AddressInput.extend({ locale: z.enum(LOCALES) });
export type PasswordResetInput = z.infer<typeof PasswordResetInput>;

/** A token as newUnsubscribeToken() makes it (18 random bytes, base64url), with room for a longer one. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const UnsubscribeLink = z.object({ u: DocumentId, t: z.string().regex(UNSUBSCRIBE_TOKEN_PATTERN) });
export type UnsubscribeLink = z.infer<typeof UnsubscribeLink>;
