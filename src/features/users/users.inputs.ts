// What the admins' user procedures accept: the list's options, a person, a role or the disabled
// state to set. Parsed once by the procedure; the domain functions take the parsed types. Plain
// zod, no server code: the account page's role form parses with the same schema.
import { z } from 'zod';
import { DocumentId } from '@/server/documents/document-id';
import { ROLES } from '@/access/roles';
import { USER_SORTS } from './constants';

export const UserListInput = z.object({
  search: z.string().trim().max(100).default(''),
  sort: z.enum(USER_SORTS).default('createdAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  pageSize: z.union([z.literal(25), z.literal(50), z.literal(100)]).default(25),
  /** The id of the last user of the previous page. */
  cursor: DocumentId.nullish(),
});
export type UserListInput = z.infer<typeof UserListInput>;

// Every role parses, so that `user` is refused with the reason changeRole gives rather than a bare "invalid".
export const RoleChangeInput = z.object({ uid: DocumentId, role: z.enum(ROLES).nullable() });
export type RoleChangeInput = z.infer<typeof RoleChangeInput>;

export const DisableInput = z.object({ uid: DocumentId, disabled: z.boolean() });
export type DisableInput = z.infer<typeof DisableInput>;

export const UidInput = z.object({ uid: DocumentId });
export type UidInput = z.infer<typeof UidInput>;
