// User administration: find people, change their role, disable or enable their account, sign
// them out everywhere. Every change is checked, applied and audited in one transaction; the
// sign-in account follows. Plain functions over the documents and accounts ports.
import 'server-only';
import type { Role } from '@/access/roles';
import type { Identity } from '@/access/identity';
import { admittedByMembership, effectiveRole, Users, type UserDocument } from '@/features/identity/users';
import { roleWithMembership } from '@/features/memberships/membership-rules';
import { searchTermOf } from '@/server/documents/search-terms';
import { pageAfter } from '@/server/documents/paging';
import { serverTimestamp, type Documents, type Query } from '@/server/documents/port';
import type { Accounts } from '@/server/accounts/port';
import { DomainError } from '@/server/domain-error';
import { endEverySession } from '@/features/profile/profile';
import { endPassKey } from '@/features/door/passes';
import { AuditLog, type AuditAction, type AuditEntry } from '@/features/identity/audit';
import { mailSettingsOf } from '@/features/mail/preferences';
import { undeliverableSince } from '@/features/mail/addresses';
import { emailBanId } from '@/features/bans/bans';

import type { DisableInput, RoleChangeInput, UidInput, UserListInput } from './users.inputs';
import { storedPhoto } from '@/features/identity/avatar-access';

export const AUDIT_SHOWN = 50;

export interface UserSummary {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  role: Role | null;
  disabled: boolean;
  createdAt: Date;
  lastSignInAt: Date;
}

export interface UserPage {
  users: UserSummary[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/**
 * The role shown is the one the person holds now: "Member" only while a membership admits them.
 * Their mail choices stay behind (the unsubscribe token is theirs alone, not the admins').
 */
function summary(snapshot: { id: string; data: UserDocument }, now: Date): UserSummary {
  const { searchTerms: _terms, locale: _locale, mail: _mail, ...rest } = snapshot.data;
  return { uid: snapshot.id, ...rest, role: effectiveRole(snapshot.data, now), photoURL: storedPhoto(snapshot.id, snapshot.data) };
}

export async function listUsers(documents: Documents, input: UserListInput, now = new Date()): Promise<UserPage> {
  const users = documents.collection(Users);
  let query: Query<UserDocument> = users;
  const term = searchTermOf(input.search);
  if (term) query = query.where('searchTerms', 'array-contains', term);
  query = query.orderBy(input.sort, input.direction);
  const page = await pageAfter(users, query, input.cursor, input.pageSize);
  return { users: page.items.map((item) => summary(item, now)), nextCursor: page.nextCursor };
}

export interface UserDetail {
  user: UserSummary & { locale: UserDocument['locale'] };
  audit: (AuditEntry & { id: string })[];
  /** What the person chose to get by mail, and whether their address still takes mail (when and why not). */
  mail: { announcements: boolean; digest: boolean; nightSummary: boolean; undeliverable: { at: Date; reason: string } | null };
}

export async function getUserDetail(documents: Documents, { uid }: UidInput, now = new Date()): Promise<UserDetail> {
  const snapshot = await documents.collection(Users).doc(uid).get();
  if (!snapshot.data) throw new DomainError('not-found', 'userNotFound');
  const history = (targetUid: string) => documents.collection(AuditLog).where('targetUid', '==', targetUid).orderBy('at', 'desc').limit(AUDIT_SHOWN).get();
  const [own, address, refused] = await Promise.all([
    history(uid),
    // A ban of their address made before they had an account is filed under the ban's id (bans/ban-admin.ts).
    snapshot.data.email ? history(emailBanId(snapshot.data.email)) : [],
    undeliverableSince(documents, snapshot.data.email),
  ]);
  const audit = [...own, ...address].sort((a, b) => b.data.at.getTime() - a.data.at.getTime()).slice(0, AUDIT_SHOWN);
  const { announcements, digest, nightSummary } = mailSettingsOf(snapshot.data);
  return {
    user: { ...summary({ id: snapshot.id, data: snapshot.data }, now), locale: snapshot.data.locale },
    audit: audit.map((entry) => ({ id: entry.id, ...entry.data })),
    mail: { announcements, digest, nightSummary, undeliverable: refused },
  };
}

interface Change {
  action: AuditAction;
  patch: Partial<Pick<UserDocument, 'role' | 'disabled'>>;
  fromRole?: Role | null;
  toRole?: Role | null;
}

/** Applies a change to users/{uid} and writes its audit entry, atomically. */
async function applyChange(documents: Documents, actor: Identity, uid: string, decide: (user: UserDocument) => Change | null) {
  const ref = documents.collection(Users).doc(uid);
  return documents.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.data) throw new DomainError('not-found', 'userNotFound');
    const change = decide(snapshot.data);
    if (!change) return null;
    if (Object.keys(change.patch).length > 0) tx.update(ref, change.patch);
    tx.create(documents.collection(AuditLog).doc(), {
      targetUid: uid,
      actorUid: actor.uid,
      actorName: actor.displayName ?? actor.email,
      action: change.action,
      fromRole: change.fromRole ?? null,
      toRole: change.toRole ?? null,
      imageId: null,
      membershipId: null,
      at: serverTimestamp(),
    });
    return change;
  });
}

/**
 * Sets a person's staff role (admin, door staff) or none. The member role is not set here: it
 * comes with a membership and opens nothing without one, so asking for it is refused with a
 * pointer to memberships; a person whose membership admits them stays a member with no staff role.
 * An admin cannot take their own admin role away.
 */
export async function changeRole(documents: Documents, accounts: Accounts, actor: Identity, { uid, role }: RoleChangeInput, now = new Date()) {
  if (uid === actor.uid && role !== 'admin') throw new DomainError('forbidden', 'selfDemotion');
  if (role === 'user') throw new DomainError('invalid', 'memberRoleByMembership', {}, { field: 'role' });
  // Written by the transaction (the last attempt wins when it retries).
  let held = null as Role | null;
  const change = await applyChange(documents, actor, uid, (user) => {
    held = roleWithMembership(role, admittedByMembership(user, now));
    return user.role === held ? null : { action: 'role', patch: { role: held }, fromRole: user.role, toRole: held };
  });
  // The document already decides on the server; the claim brings the browser's token in line.
  if (change) await accounts.setRoleClaim(uid, held);
  return { role: held };
}

/** Disables (and signs out everywhere) or enables an account. Never one's own. */
export async function setDisabled(documents: Documents, accounts: Accounts, actor: Identity, { uid, disabled }: DisableInput, now = new Date()) {
  if (uid === actor.uid) throw new DomainError('forbidden', 'selfDisable');
  const change = await applyChange(documents, actor, uid, (user) =>
    user.disabled === disabled ? null : { action: disabled ? 'disabled' : 'enabled', patch: { disabled } },
  );
  if (!change) return;
  await accounts.setDisabled(uid, disabled);
  if (!disabled) return;
  // The phone's pass key ends too, as an admin's new pass does: a phone that still shows the pass
  // offline signs codes no door list holds, and an account enabled again registers its phone anew.
  await endPassKey(documents, uid, now);
  await endEverySession(documents, accounts, uid);
}

/** Ends every session of the account; the person can sign in again. */
export async function signOutEverywhere(documents: Documents, accounts: Accounts, actor: Identity, { uid }: UidInput) {
  await applyChange(documents, actor, uid, () => ({ action: 'signedOutEverywhere', patch: {} }));
  await endEverySession(documents, accounts, uid);
}
