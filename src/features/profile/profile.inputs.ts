// What the profile procedures accept: a new name or language, a finished photo upload, the
// confirmation that deletes the account. Parsed once by the procedure; the domain functions take
// the parsed types. Plain zod, no server code: the profile's forms parse with the same schemas.
import { z } from 'zod';
import { LOCALES } from '@/i18n/routing';
import { DisplayName } from '@/features/identity/identity.inputs';

/** Either or both; what is left out stays as it is. */
export const ProfileInput = z
  .object({
    displayName: DisplayName.optional(),
    locale: z.enum(LOCALES).optional(),
  })
  .refine((input) => input.displayName !== undefined || input.locale !== undefined, 'Nothing to change.');
export type ProfileInput = z.infer<typeof ProfileInput>;

export const AvatarInput = z.object({ upload: z.string().min(1).max(300) });
export type AvatarInput = z.infer<typeof AvatarInput>;

export const DeleteAccountInput = z.object({
  /** The person types their e-mail address (or, without one, the word the dialog names) to confirm. */
  confirmation: z.string().trim().min(1).max(320),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

/**
 * The person's choice of mail: announcements (yes makes a new unsubscribe token), and for admins
 * the morning digest of waiting membership requests and the summary of last night at the door.
 * Any of them; the others stay.
 */
export const MailSettingsInput = z
  .object({ announcements: z.boolean().optional(), digest: z.boolean().optional(), nightSummary: z.boolean().optional() })
  .refine((input) => input.announcements !== undefined || input.digest !== undefined || input.nightSummary !== undefined, 'Nothing to change.');
export type MailSettingsInput = z.infer<typeof MailSettingsInput>;
