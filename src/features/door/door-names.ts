// How the door names a member: the name to check against their ID, or, where they gave none, a
// masked address (`ma…@example.org`): enough to confirm with the guest, not to write to them. The
// search, the door list and the admins' conflicts all say it the same way.
import type { UserDocument } from '@/features/identity/users';

export function maskedAddress(email: string | null): string {
  if (!email) return '…';
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}…@${domain}`;
}

export function nameAtDoor(user: Pick<UserDocument, 'displayName' | 'email'>): string {
  return user.displayName ?? maskedAddress(user.email);
}

/** Whether every word of the query starts a word of the name (as the phone's own search does). */
export function nameMatches(name: string, query: string): boolean {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const parts = name.toLocaleLowerCase().split(/[\s@.…-]+/);
  return words.length > 0 && words.every((word) => parts.some((part) => part.startsWith(word)));
}
