// Memberships from request to end: a person without a role asks (or an admin gives one from the
// person's page), an admin approves, extends or cancels, the sweep expires what has run out. Each
// change is checked against the state it reads, applied to the membership, the person's role, the
// audit trail and the mail that tells the person (./membership-mail.ts) in one transaction, and the
// sign-in account's role claim follows. Plain functions over the documents and accounts ports.
import 'server-only';
import type { Identity } from '@/access/identity';
import { searchTermsFor, Users, type UserDocument } from '@/features/identity/users';
import { AuditLog, type AuditAction } from '@/features/identity/audit';
import type { Accounts } from '@/server/accounts/port';
import type { Documents, DocumentRef, Query, Transaction } from '@/server/documents/port';
import { pageAfter } from '@/server/documents/paging';
import { searchTermOf } from '@/server/documents/search-terms';
import { DomainError } from '@/server/domain-error';
import {
  GUESTS_PER_SEASON,
  isActiveNow,
  Memberships,
  queueKey,
  roleWithMembership,
  seasonEndAfter,
  type MembershipAction,
  type MembershipDocument,
  type MembershipStatus,
} from './membership-rules';
import type { ApproveInput, CancelInput, ExtendInput, MembershipListInput, PersonInput, RequestInput, WithdrawInput } from './memberships.inputs';
import { queueChangeMail } from './membership-mail';

/**
 * How a change is made. `silent`: without its mail, for the demo seed alone, whose history (asked
 * two months ago, approved, cancelled) happened to nobody.
 */
export interface ChangeOptions {
  silent?: boolean;
}

interface Actor {
  uid: string | null;
  name: string | null;
}

function actorOf(identity: Identity): Actor {
  return { uid: identity.uid, name: identity.displayName ?? identity.email };
}

const SWEEP: Actor = { uid: null, name: null };

/** What a change does to one membership, decided from the state it read. */
interface Change {
  action: MembershipAction;
  status: MembershipStatus;
  validFrom?: Date | null;
  validUntil?: Date | null;
  note: string | null;
  /** Whether the change is a decision (approve, extend, cancel, expire) that records who made it. */
  decided: boolean;
  /** The guests the member may bring in the season, where the admin set it (approve, extend). */
  guestsPerSeason?: number;
}

interface Applied {
  membership: MembershipDocument;
  /** The role the account holds after the change, when the change moved it. */
  roleChange: { from: UserDocument['role']; to: UserDocument['role'] } | null;
}

/** The membership a change applies to, as read in the change's transaction. */
interface Target {
  ref: DocumentRef<MembershipDocument>;
  membership: MembershipDocument;
}

/** The account's memberships that admit it at `now`, other than the one being changed. */
async function otherActiveMemberships(tx: Transaction, documents: Documents, uid: string, exceptId: string, now: Date) {
  const active = await tx.query(documents.collection(Memberships).where('uid', '==', uid).where('status', '==', 'active'));
  return active.filter((snapshot) => snapshot.id !== exceptId && isActiveNow(snapshot.data, now));
}

/**
 * Reads the membership (the one `target` names, or the one it finds) and its holder, lets `decide`
 * choose the change (or refuse), and writes the membership, the holder's role and membership
 * summary, and the audit entry together.
 */
async function applyChange(
  documents: Documents,
  target: DocumentRef<MembershipDocument> | ((tx: Transaction) => Promise<Target>),
  actor: Actor,
  now: Date,
  decide: (membership: MembershipDocument) => Change,
  { silent = false }: ChangeOptions = {},
): Promise<Applied> {
  return documents.runTransaction(async (tx) => {
    const { ref, membership: before } = typeof target === 'function' ? await target(tx) : await existing(tx, target);
    const change = decide(before);
    const userRef = documents.collection(Users).doc(before.uid);
    const user = (await tx.get(userRef)).data;
    const others = await otherActiveMemberships(tx, documents, before.uid, ref.id, now);

    const after: MembershipDocument = {
      ...before,
      status: change.status,
      validFrom: change.validFrom === undefined ? before.validFrom : change.validFrom,
      validUntil: change.validUntil === undefined ? before.validUntil : change.validUntil,
      note: change.note,
      guestsPerSeason: change.guestsPerSeason ?? before.guestsPerSeason,
      decidedBy: change.decided ? actor.uid : before.decidedBy,
      decidedByName: change.decided ? actor.name : before.decidedByName,
      decidedAt: change.decided ? now : before.decidedAt,
      revision: before.revision + 1,
      history: [
        ...before.history,
        { action: change.action, at: now, actorUid: actor.uid, actorName: actor.name, validUntil: change.validUntil ?? null, note: change.note },
      ],
      queue: '',
    };
    after.queue = queueKey(after);
    tx.set(ref, after);

    let roleChange: Applied['roleChange'] = null;
    if (user) {
      const memberNow = isActiveNow(after, now) || others.length > 0;
      const role = roleWithMembership(user.role, memberNow);
      const summary = membershipSummary(memberNow ? (isActiveNow(after, now) ? { id: ref.id, ...after } : { id: others[0]!.id, ...others[0]!.data }) : null);
      tx.update(userRef, { role, membership: summary });
      if (role !== user.role) roleChange = { from: user.role, to: role };
    }
    if (!silent) queueChangeMail(tx, documents, { membershipId: ref.id, action: change.action, before, after, user }, now);
    tx.create(documents.collection(AuditLog).doc(), {
      targetUid: before.uid,
      actorUid: actor.uid ?? 'system',
      actorName: actor.name,
      action: AUDIT_ACTION[change.action],
      fromRole: roleChange?.from ?? user?.role ?? null,
      toRole: roleChange?.to ?? user?.role ?? null,
      membershipId: ref.id,
      imageId: null,
      at: now,
    });
    return { membership: after, roleChange };
  });
}

async function existing(tx: Transaction, ref: DocumentRef<MembershipDocument>): Promise<Target> {
  const snapshot = await tx.get(ref);
  if (!snapshot.data) throw new DomainError('not-found', 'membershipNotFound');
  return { ref, membership: snapshot.data };
}

const AUDIT_ACTION: Record<MembershipAction, AuditAction> = {
  requested: 'membershipRequested',
  withdrawn: 'membershipWithdrawn',
  approved: 'membershipApproved',
  extended: 'membershipExtended',
  cancelled: 'membershipCancelled',
  expired: 'membershipExpired',
};

/** What the person's own document keeps of the membership that admits them (null: none). */
export function membershipSummary(membership: ({ id: string } & Pick<MembershipDocument, 'validFrom' | 'validUntil'>) | null): UserDocument['membership'] {
  return membership && membership.validFrom && membership.validUntil
    ? { id: membership.id, validFrom: membership.validFrom, validUntil: membership.validUntil }
    : null;
}

async function followClaim(accounts: Accounts, uid: string, applied: Applied) {
  // The documents already decide on the server; the claim brings the browser's token in line.
  if (applied.roleChange) await accounts.setRoleClaim(uid, applied.roleChange.to);
}

function refuseStale(membership: MembershipDocument, revision: number) {
  if (membership.revision !== revision) throw new DomainError('conflict', 'membershipChangedMeanwhile');
}

/**
 * A person without a role asks for a membership. One open request per account; a member whose
 * membership admits them now has nothing to ask for.
 */
/**
 * Asks for a membership. Only from a confirmed address (Firebase's `email_verified`: a confirmed
 * link, an e-mail link sign-in, or Google): admins approve a person by the name and address the
 * request shows, and the door names a member by it, so the address must be theirs.
 */
export async function requestMembership(documents: Documents, identity: Identity, input: RequestInput, now = new Date(), { silent = false }: ChangeOptions = {}) {
  if (!identity.emailVerified) throw new DomainError('forbidden', 'emailNotVerified');
  const memberships = documents.collection(Memberships);
  const ref = memberships.doc();
  await documents.runTransaction(async (tx) => {
    const mine = await tx.query(memberships.where('uid', '==', identity.uid));
    if (mine.some((snapshot) => snapshot.data.status === 'pending')) throw new DomainError('conflict', 'membershipAlreadyRequested');
    if (mine.some((snapshot) => isActiveNow(snapshot.data, now))) throw new DomainError('conflict', 'membershipAlreadyActive');
    const user = (await tx.get(documents.collection(Users).doc(identity.uid))).data;
    const email = user?.email ?? identity.email;
    const displayName = user?.displayName ?? identity.displayName;
    const note = input.note || null;
    const requested = { action: 'requested', at: now, actorUid: identity.uid, actorName: displayName ?? email, validUntil: null, note } as const;
    const membership = pendingMembership(identity.uid, email, displayName, now, note, [requested]);
    tx.create(ref, membership);
    if (!silent) queueChangeMail(tx, documents, { membershipId: ref.id, action: 'requested', before: null, after: membership, user }, now);
    tx.create(documents.collection(AuditLog).doc(), {
      targetUid: identity.uid,
      actorUid: identity.uid,
      actorName: displayName ?? email,
      action: 'membershipRequested',
      fromRole: user?.role ?? null,
      toRole: user?.role ?? null,
      membershipId: ref.id,
      imageId: null,
      at: now,
    });
  });
  return { id: ref.id };
}

/** A membership as it stands before an admin decides: pending, named for the admin list's search. */
function pendingMembership(
  uid: string,
  email: string | null,
  displayName: string | null,
  now: Date,
  note: string | null,
  history: MembershipDocument['history'],
): MembershipDocument {
  const membership: MembershipDocument = {
    uid,
    email,
    displayName,
    searchTerms: searchTermsFor(email, displayName),
    plan: 'season',
    status: 'pending',
    requestedAt: now,
    validFrom: null,
    validUntil: null,
    decidedBy: null,
    decidedByName: null,
    decidedAt: null,
    note,
    revision: 0,
    queue: '',
    history,
    guestsPerSeason: GUESTS_PER_SEASON,
  };
  membership.queue = queueKey(membership);
  return membership;
}

/** The requester takes back their own pending request. */
export async function withdrawRequest(documents: Documents, identity: Identity, { id }: WithdrawInput, now = new Date()) {
  const ref = documents.collection(Memberships).doc(id);
  await applyChange(documents, ref, actorOf(identity), now, (membership) => {
    // Someone else's request looks the same as none: nothing to learn about other accounts.
    if (membership.uid !== identity.uid) throw new DomainError('not-found', 'membershipNotFound');
    if (membership.status !== 'pending') throw new DomainError('conflict', 'membershipNotPending');
    return { action: 'withdrawn', status: 'cancelled', note: null, decided: false };
  });
}

/**
 * Approves a pending request, or makes a person a member from their page; valid from now until
 * the given end (default: the season's end).
 */
export async function approveMembership(documents: Documents, accounts: Accounts, actor: Identity, input: ApproveInput, now = new Date(), options: ChangeOptions = {}) {
  const validUntil = input.validUntil ?? seasonEndAfter(now);
  if (validUntil.getTime() <= now.getTime()) throw new DomainError('invalid', 'membershipEndInPast', {}, { field: 'validUntil' });
  const approval = (membership: MembershipDocument): Change => {
    if (membership.status !== 'pending') throw new DomainError('conflict', membership.history.at(-1)?.action === 'withdrawn' ? 'membershipWithdrawn' : 'membershipNotPending');
    return { action: 'approved', status: 'active', validFrom: now, validUntil, note: input.note || null, decided: true, guestsPerSeason: input.guestsPerSeason };
  };
  const applied =
    'uid' in input
      ? await applyChange(documents, (tx) => requestToApprove(tx, documents, input.uid, now), actorOf(actor), now, approval, options)
      : await applyChange(
          documents,
          documents.collection(Memberships).doc(input.id),
          actorOf(actor),
          now,
          (membership) => {
            const change = approval(membership);
            refuseStale(membership, input.revision);
            return change;
          },
          options,
        );
  await followClaim(accounts, applied.membership.uid, applied);
  return applied.membership;
}

/**
 * What an admin approves from a person's page: the person's open request, or else a new one made
 * in the same transaction, whose history starts with the approval (nobody asked). A membership
 * that admits the person already is extended instead, not doubled.
 */
async function requestToApprove(tx: Transaction, documents: Documents, uid: string, now: Date): Promise<Target> {
  const memberships = documents.collection(Memberships);
  const theirs = await tx.query(memberships.where('uid', '==', uid));
  if (theirs.some((snapshot) => isActiveNow(snapshot.data, now))) throw new DomainError('conflict', 'personAlreadyMember');
  const pending = theirs.find((snapshot) => snapshot.data.status === 'pending');
  if (pending) return { ref: memberships.doc(pending.id), membership: pending.data };
  const user = (await tx.get(documents.collection(Users).doc(uid))).data;
  if (!user) throw new DomainError('not-found', 'userNotFound');
  return { ref: memberships.doc(), membership: pendingMembership(uid, user.email, user.displayName, now, null, []) };
}

/** Moves the end of an active membership later; the history keeps the earlier end. */
export async function extendMembership(documents: Documents, accounts: Accounts, actor: Identity, input: ExtendInput, now = new Date()) {
  const applied = await applyChange(documents, documents.collection(Memberships).doc(input.id), actorOf(actor), now, (membership) => {
    if (membership.status !== 'active') throw new DomainError('conflict', 'membershipNotActive');
    refuseStale(membership, input.revision);
    if (input.validUntil.getTime() <= Math.max(now.getTime(), membership.validUntil?.getTime() ?? 0)) {
      throw new DomainError('invalid', 'membershipEndNotLater', {}, { field: 'validUntil' });
    }
    return { action: 'extended', status: 'active', validUntil: input.validUntil, note: input.note || null, decided: true, guestsPerSeason: input.guestsPerSeason };
  });
  await followClaim(accounts, applied.membership.uid, applied);
  return applied.membership;
}

/** Ends an active membership or declines a pending request, with a reason. */
export async function cancelMembership(documents: Documents, accounts: Accounts, actor: Identity, input: CancelInput, now = new Date(), options: ChangeOptions = {}) {
  const applied = await applyChange(
    documents,
    documents.collection(Memberships).doc(input.id),
    actorOf(actor),
    now,
    (membership) => {
      if (membership.status !== 'active' && membership.status !== 'pending') throw new DomainError('conflict', 'membershipNotCancellable');
      refuseStale(membership, input.revision);
      return { action: 'cancelled', status: 'cancelled', note: input.reason, decided: true };
    },
    options,
  );
  await followClaim(accounts, applied.membership.uid, applied);
  return applied.membership;
}

export interface SweepReport {
  expired: number;
}

/**
 * Marks every active membership whose end has passed as expired and takes the member role away
 * unless another membership still admits the person. Safe to run on several servers at once: each
 * membership is re-read in its transaction, so only one run changes it.
 */
export async function expireMemberships(documents: Documents, accounts: Accounts, now = new Date(), options: ChangeOptions = {}): Promise<SweepReport> {
  const due = await documents.collection(Memberships).where('status', '==', 'active').where('validUntil', '<=', now).get();
  let expired = 0;
  for (const snapshot of due) {
    let applied: Applied;
    try {
      applied = await applyChange(
        documents,
        documents.collection(Memberships).doc(snapshot.id),
        SWEEP,
        now,
        (membership) => {
          if (membership.status !== 'active' || isActiveNow(membership, now) || (membership.validUntil?.getTime() ?? 0) > now.getTime()) {
            throw new AlreadySwept();
          }
          return { action: 'expired', status: 'expired', note: null, decided: true };
        },
        options,
      );
    } catch (error) {
      if (error instanceof AlreadySwept) continue;
      throw error;
    }
    expired++;
    await followClaim(accounts, applied.membership.uid, applied);
  }
  return { expired };
}

/** Another run (or an admin) changed the membership since it was found due: nothing to do. */
class AlreadySwept extends Error {}

/** The membership that admits the person now, if any: the door and the VIP pages ask this. */
export async function activeMembershipOf(documents: Documents, uid: string, now = new Date()) {
  const active = await documents.collection(Memberships).where('uid', '==', uid).where('status', '==', 'active').get();
  const current = active.find((snapshot) => isActiveNow(snapshot.data, now));
  return current ? { id: current.id, ...current.data } : null;
}

export const MEMBERSHIP_PAGE_SIZE = 25;

export type MembershipView = Omit<MembershipDocument, 'searchTerms' | 'queue'> & { id: string };

function membershipView(snapshot: { id: string; data: MembershipDocument }): MembershipView {
  const { searchTerms: _terms, queue: _queue, ...rest } = snapshot.data;
  return { id: snapshot.id, ...rest };
}

/** The admin list: pending requests first (oldest first), active ones ending soonest, then the rest. */
export async function listMemberships(documents: Documents, input: MembershipListInput) {
  const memberships = documents.collection(Memberships);
  let query: Query<MembershipDocument> = memberships;
  if (input.filter !== 'all') query = query.where('status', '==', input.filter);
  const term = searchTermOf(input.search);
  if (term) query = query.where('searchTerms', 'array-contains', term);
  const page = await pageAfter(memberships, query.orderBy('queue', 'asc'), input.cursor, MEMBERSHIP_PAGE_SIZE);
  return { memberships: page.items.map(membershipView), nextCursor: page.nextCursor };
}

/** Every membership of one person, newest request first, with their histories. */
export async function membershipsOf(documents: Documents, { uid }: PersonInput): Promise<MembershipView[]> {
  const found = await documents.collection(Memberships).where('uid', '==', uid).orderBy('requestedAt', 'desc').get();
  return found.map(membershipView);
}

export interface MyMembership {
  /** The membership that admits the person now. */
  current: MembershipView | null;
  /** An open request, waiting for an admin. */
  pending: MembershipView | null;
  /** The most recent one that ended (cancelled, expired, withdrawn), when there is no current one. */
  ended: MembershipView | null;
}

/** What the VIP home and the refusal page show a person about their own membership. */
export async function myMembership(documents: Documents, person: Identity, now = new Date()): Promise<MyMembership> {
  const all = await membershipsOf(documents, { uid: person.uid });
  const current = all.find((membership) => isActiveNow(membership, now)) ?? null;
  return {
    current,
    pending: all.find((membership) => membership.status === 'pending') ?? null,
    ended: current ? null : (all.find((membership) => membership.status !== 'pending' && !isActiveNow(membership, now)) ?? null),
  };
}

/** The figures of the admin home: members admitted now and requests waiting. */
export async function membershipCounts(documents: Documents, now = new Date()) {
  const memberships = documents.collection(Memberships);
  const [active, pending] = await Promise.all([memberships.where('status', '==', 'active').get(), memberships.where('status', '==', 'pending').get()]);
  return { active: active.filter((snapshot) => isActiveNow(snapshot.data, now)).length, pending: pending.length };
}
