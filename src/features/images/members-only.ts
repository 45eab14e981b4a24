// Members-only pictures, written once. Light enough for client components (no schema library).
import { MEMBER_AREA } from '@/navigation/routes';
import type { Role } from '@/access/roles';

export const IMAGE_TAGS = ['cover', 'gallery', 'lounge'] as const;
export type ImageTag = (typeof IMAGE_TAGS)[number];

/**
 * The one rule on members-only pictures: an image tagged `lounge` is shown only to the VIP area's
 * roles (served by /api/images only to them, listed only in the lounge), so it is never on a
 * public page and never an event's cover. Firestore's rules say the same of the lounge mirror.
 */
export const MEMBERS_ONLY_TAG = 'lounge' satisfies ImageTag;

export function isMembersOnly(image: { tags: readonly ImageTag[] }): boolean {
  return image.tags.includes(MEMBERS_ONLY_TAG);
}

/** Whether a person holding `role` (as the server trusts it: an active membership for `user`) sees members-only images. */
export function seesMembersOnly(role: Role | null | undefined): boolean {
  return role != null && (MEMBER_AREA as readonly Role[]).includes(role);
}
