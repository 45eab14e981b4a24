// What the mail procedures accept: the address a sign-in link or a password reset goes to, and the
// language it is written in (the page's, where the person asked). Parsed once by the procedure; the
// domain functions take the parsed types.
import 'server-only';
import { z } from 'zod';
import { LOCALES } from '@/i18n/routing';

/** The longest address SMTP carries (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX = 254;

const address = () => z.string().trim().min(1, 'required').max(EMAIL_MAX, 'tooLong').pipe(z.email('email'));

export const SignInLinkInput = z.object({ email: address(), locale: z.enum(LOCALES) });
export type SignInLinkInput = z.infer<typeof SignInLinkInput>;

export const PasswordResetInput = z.object({ email: address(), locale: z.enum(LOCALES) });
export type PasswordResetInput = z.infer<typeof PasswordResetInput>;
