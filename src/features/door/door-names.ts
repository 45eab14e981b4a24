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
