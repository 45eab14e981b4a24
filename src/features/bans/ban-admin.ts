// The admins' side of the house ban list (decision 052): ban a person (an account, or a guest by
// address) with a reason, a start and an end or none; change the ban; lift it; list every ban and a
// person's. Each change is written with its audit entry in one transaction, so there is no ban, or
// lift, without its line in the person's history.
import 'server-only';
import type { Identity } from '@/access/identity';
import { serverTimestamp, type Documents, type Transaction } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import { AuditLog, type AuditAction } from '@/features/identity/audit';
import { Users } from '@/features/identity/users';
import { accountBanId, banHoldsAt, Bans, emailBanId, type BanDocument, type BanSubject } from './bans';
import type { BanIdInput, BanInput, BanOfPersonInput } from './bans.inputs';

export type BanState = 'holding' | 'upcoming' | 'ended';

/** A ban as the admins see it: with the reason, who banned, and the account it concerns where there is one. */
export interface BanView {
  id: string;
  subject: BanSubject;
  /** The account the ban concerns: the banned one, or the one with the banned address; null: a guest without an account. */
  accountUid: string | null;
  email: string | null;
  name: string | null;
  reason: string;
  from: Date;
  until: Date | null;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  state: BanState;
}

export function banState(ban: Pick<BanDocument, 'from' | 'until'>, now: Date): BanState {
  if (banHoldsAt(ban, now)) return 'holding';
  return ban.from.getTime() > now.getTime() ? 'upcoming' : 'ended';
}

function viewOf(id: string, ban: BanDocument, accountUid: string | null, now: Date): BanView {
  return {
    id,
    subject: ban.subject,
    accountUid,
    email: ban.email,
    name: ban.name,
    reason: ban.reason,
    from: ban.from,
    until: ban.until,
    createdByName: ban.createdByName,
    createdAt: ban.createdAt,
    updatedAt: ban.updatedAt,
    state: banState(ban, now),
  };
}

/** The account with this address, if one exists (addresses are kept lower-case, as bans compare them). */
async function accountWithAddress(documents: Documents, email: string, tx?: Transaction): Promise<string | null> {
  const query = documents.collection(Users).where('email', '==', email).limit(1);
  const [account] = await (tx ? tx.query(query) : query.get());
  return account?.id ?? null;
}

/**
 * Whose history a ban's change goes into: the banned account, or the account with the banned
 * address. A guest without an account has none, so the entry names the ban's own id (a hash that
 * names no address): the history of an account made later with that address shows it
 * (users' getUserDetail), and deleting that account anonymises it with the rest.
 */
async function auditTargetOf(tx: Transaction, documents: Documents, id: string, ban: Pick<BanDocument, 'subject' | 'uid' | 'email'>): Promise<string> {
  if (ban.subject === 'account' && ban.uid) return ban.uid;
  return (ban.email && (await accountWithAddress(documents, ban.email, tx))) || id;
}

function audit(tx: Transaction, documents: Documents, actor: Identity, targetUid: string, action: AuditAction) {
  tx.create(documents.collection(AuditLog).doc(), {
    targetUid,
    actorUid: actor.uid,
    actorName: actor.displayName ?? actor.email,
    action,
    fromRole: null,
    toRole: null,
    imageId: null,
    membershipId: null,
    at: serverTimestamp(),
  });
}

/**
 * Bans a person, or changes their ban (there is one per person, on a fixed id). Refused: an end
 * not after the start or already past, an admin's own account, an account that does not exist.
 * A ban that had ended (not yet swept) is replaced by a new one, in the name of the admin who bans now.
 */
export async function setBan(documents: Documents, actor: Identity, input: BanInput, now = new Date()): Promise<BanView> {
  const from = input.from ?? now;
  const until = input.until ?? null;
  if (until && until.getTime() <= from.getTime()) throw new DomainError('invalid', 'banEndBeforeStart', {}, { field: 'until' });
  if (until && until.getTime() <= now.getTime()) throw new DomainError('invalid', 'banEndInPast', {}, { field: 'until' });
  const { person } = input;
  if (person.kind === 'account' && person.uid === actor.uid) throw new DomainError('forbidden', 'selfBan');
  const id = person.kind === 'account' ? accountBanId(person.uid) : emailBanId(person.email);
  const ref = documents.collection(Bans).doc(id);
  const actorName = actor.displayName ?? actor.email;

  return documents.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data;
    let name: string | null;
    let accountUid: string | null;
    if (person.kind === 'account') {
      const user = (await tx.get(documents.collection(Users).doc(person.uid))).data;
      if (!user) throw new DomainError('not-found', 'userNotFound');
      // The admins' list names the account as it was when banned, should it change its name later.
      name = user.displayName ?? user.email;
      accountUid = person.uid;
    } else {
      name = person.name || current?.name || null;
      accountUid = await accountWithAddress(documents, person.email, tx);
    }
    const continuing = current !== undefined && banState(current, now) !== 'ended';
    const ban: BanDocument = {
      subject: person.kind,
      uid: person.kind === 'account' ? person.uid : null,
      email: person.kind === 'email' ? person.email : null,
      name,
      reason: input.reason,
      from,
      until,
      createdBy: continuing ? current.createdBy : actor.uid,
      createdByName: continuing ? current.createdByName : actorName,
      createdAt: continuing ? current.createdAt : now,
      updatedBy: actor.uid,
      updatedAt: now,
    };
    tx.set(ref, ban);
    audit(tx, documents, actor, accountUid ?? id, continuing ? 'banChanged' : 'banned');
    return viewOf(id, ban, accountUid, now);
  });
}

/** Lifts a ban: the document goes (the history keeps that it was lifted, and by whom). */
export async function liftBan(documents: Documents, actor: Identity, { id }: BanIdInput): Promise<void> {
  const ref = documents.collection(Bans).doc(id);
  await documents.runTransaction(async (tx) => {
    const ban = (await tx.get(ref)).data;
    if (!ban) throw new DomainError('not-found', 'banNotFound');
    const target = await auditTargetOf(tx, documents, id, ban);
    tx.delete(ref);
    audit(tx, documents, actor, target, 'banLifted');
  });
}

const STATE_ORDER: Record<BanState, number> = { holding: 0, upcoming: 1, ended: 2 };

/**
 * Every ban: holding, upcoming, and ended but not yet swept; those that hold first, each group
 * newest first. The list is short (a venue's bans, each ending or lifted), so it is read whole.
 */
export async function listBans(documents: Documents, now = new Date()): Promise<BanView[]> {
  const all = await documents.collection(Bans).get();
  const views = await Promise.all(
    all.map(async ({ id, data }) => viewOf(id, data, data.subject === 'account' ? data.uid : data.email ? await accountWithAddress(documents, data.email) : null, now)),
  );
  return views.sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || b.updatedAt.getTime() - a.updatedAt.getTime());
}

/** A person's bans: their account's, and their address's (a ban made when they came as a guest). */
export async function bansOfPerson(documents: Documents, { uid }: BanOfPersonInput, now = new Date()): Promise<{ account: BanView | null; address: BanView | null }> {
  const user = (await documents.collection(Users).doc(uid).get()).data;
  if (!user) throw new DomainError('not-found', 'userNotFound');
  const [account, address] = await Promise.all([
    documents.collection(Bans).doc(accountBanId(uid)).get(),
    user.email ? documents.collection(Bans).doc(emailBanId(user.email)).get() : null,
  ]);
  return {
    account: account.data ? viewOf(account.id, account.data, uid, now) : null,
    address: address?.data ? viewOf(address.id, address.data, uid, now) : null,
  };
}
