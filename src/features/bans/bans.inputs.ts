// What the admins' ban procedures accept: a person (an account by its uid, or a guest by address,
// with the name the admin knows them by), the reason, the start and the end; a ban to lift; a
// person whose bans to show. Plain zod, no server code: the ban form parses with the same schemas;
// parsed once by the procedure, the domain functions take the parsed types.
import { z } from 'zod';
import { DocumentId } from '@/server/documents/document-id';
import { BAN_EMAIL_MAX, BAN_NAME_MAX, BAN_REASON_MAX } from './constants';

export const BannedPerson = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('account'), uid: DocumentId }),
  z.object({
    kind: z.literal('email'),
    email: z.string().trim().max(BAN_EMAIL_MAX, 'tooLong').pipe(z.email('email')).transform((value) => value.toLowerCase()),
    /** Who the guest is, as the admin knows them (a ticket's holder); empty: none. */
    name: z.string().trim().max(BAN_NAME_MAX, 'tooLong').default(''),
  }),
]);
export type BannedPerson = z.infer<typeof BannedPerson>;

/** Bans a person, or changes their ban (one per person): `from` empty is now, `until` empty is until lifted. */
export const BanInput = z.object({
  person: BannedPerson,
  reason: z.string().trim().min(1, 'required').max(BAN_REASON_MAX, 'tooLong'),
  from: z.date().nullish(),
  until: z.date().nullish(),
});
export type BanInput = z.infer<typeof BanInput>;

export const BanIdInput = z.object({ id: DocumentId });
export type BanIdInput = z.infer<typeof BanIdInput>;

export const BanOfPersonInput = z.object({ uid: DocumentId });
export type BanOfPersonInput = z.infer<typeof BanOfPersonInput>;
