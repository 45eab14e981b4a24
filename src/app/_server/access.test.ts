// The access matrix: every procedure is called as each kind of caller and must be allowed or
// refused exactly as the reviewed table below says, written out by hand rather than read from the
// level the procedure declares, so a procedure given the wrong level fails here, and so does a new
// procedure without a row (or a row whose procedure is gone).
import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import type { Identity } from '@/access/identity';
import type { Role } from '@/access/roles';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { createContextInner } from '@/server/trpc/context';
import { createCallerFactory, roleProcedure, router, type ProcedureMeta } from '@/server/trpc/init';
import { appRouter, createCaller } from './router';

type Access = 'public' | 'signed-in' | readonly Role[];

/** The VIP area's people: members and staff (the route table's MEMBER_AREA, written out). */
const MEMBERS = ['user', 'scanner', 'admin'] as const;
const DOOR = ['scanner', 'admin'] as const;
const ADMIN = ['admin'] as const;

/** Who may call each procedure, reviewed against the specification's roles. */
const ACCESS: Record<string, Access> = {
  'health.check': 'public',
  'identity.me': 'signed-in',

  'users.list': ADMIN,
  'users.get': ADMIN,
  'users.setRole': ADMIN,
  'users.setDisabled': ADMIN,
  'users.signOutEverywhere': ADMIN,

  'images.list': ADMIN,
  'images.live': ADMIN,
  'images.lounge': MEMBERS,
  'images.add': ADMIN,
  'images.update': ADMIN,
  'images.remove': ADMIN,

  'events.forMembers': MEMBERS,
  'events.overview': ADMIN,
  'events.list': ADMIN,
  'events.get': ADMIN,
  'events.create': ADMIN,
  'events.update': ADMIN,
  'events.changeStatus': ADMIN,
  'events.duplicate': ADMIN,
  'events.live': 'public',

  // Anyone signed in may ask for a membership, see their own and withdraw their request.
  'memberships.mine': 'signed-in',
  'memberships.request': 'signed-in',
  'memberships.withdraw': 'signed-in',
  'memberships.list': ADMIN,
  'memberships.ofUser': ADMIN,
  'memberships.counts': ADMIN,
  'memberships.approve': ADMIN,
  'memberships.extend': ADMIN,
  'memberships.cancel': ADMIN,

  'bans.list': ADMIN,
  'bans.ofPerson': ADMIN,
  'bans.set': ADMIN,
  'bans.lift': ADMIN,

  // A person's own account, with or without a role; the photo is the pass's, so members' only.
  'profile.get': 'signed-in',
  'profile.update': 'signed-in',
  'profile.setAvatar': MEMBERS,
  'profile.getMail': 'signed-in',
  'profile.updateMail': 'signed-in',
  'profile.removeAvatar': 'signed-in',
  'profile.signOutEverywhere': 'signed-in',
  'profile.deleteAccount': 'signed-in',

  'pass.mine': MEMBERS,
  'pass.register': MEMBERS,
  'pass.night': MEMBERS,

  'door.events': DOOR,
  'door.scan': DOOR,
  'door.list': DOOR,
  'door.upload': DOOR,
  'door.admit': DOOR,
  'door.admitAnyway': DOOR,
  'door.search': DOOR,
  'door.activity': DOOR,
  'door.ofPerson': ADMIN,
  'door.figures': ADMIN,
  'door.countsOf': ADMIN,
  'door.rotatePass': ADMIN,
  'door.night': ADMIN,

  'notifications.list': ADMIN,
  'notifications.get': ADMIN,
  'notifications.save': ADMIN,
  'notifications.schedule': ADMIN,
  'notifications.sendNow': ADMIN,
  'notifications.cancel': ADMIN,
  'notifications.delete': ADMIN,
  'notifications.sendTest': ADMIN,
  'notifications.live': ADMIN,

  // The inbox and push reach everyone signed in (audience "everyone"); announcements are the lounge's.
  'inbox.live': 'signed-in',
  'inbox.markRead': 'signed-in',
  'inbox.markAllRead': 'signed-in',
  'inbox.announcements': MEMBERS,
  'push.config': 'signed-in',
  'push.register': 'signed-in',
  'push.unregister': 'signed-in',

  'mail.sendSignInLink': 'public',
  'mail.sendPasswordReset': 'public',
  'mail.sendAddressConfirmation': 'signed-in',
  'mailOutbox.state': ADMIN,

  'ticketAdmin.list': ADMIN,
  'ticketAdmin.waitlist': ADMIN,
  'ticketAdmin.addGuestListEntry': ADMIN,
  'ticketAdmin.cancel': ADMIN,
  'publicTickets.availability': 'public',
  'publicTickets.mine': 'signed-in',
  'publicTickets.take': 'signed-in',
  'publicTickets.leave': 'signed-in',
  'guests.mine': MEMBERS,
  'guests.bring': MEMBERS,
  'guests.cancel': MEMBERS,
  // A ticket's link is its own key: whoever holds it, signed in or not.
  'tickets.get': 'public',
  'tickets.cancel': 'public',
};

const documents = new SqliteDocuments(':memory:');

function person(role: Role | null): Identity {
  return { uid: `uid-${role ?? 'none'}`, email: `${role ?? 'none'}@example.org`, emailVerified: true, displayName: null, photoURL: null, role };
}

const CALLERS = {
  'signed out': null,
  'no role': person(null),
  user: person('user'),
  scanner: person('scanner'),
  admin: person('admin'),
} as const;

function expected(access: Access, caller: Identity | null): 'allowed' | 'UNAUTHORIZED' | 'FORBIDDEN' {
  if (access === 'public') return 'allowed';
  if (!caller) return 'UNAUTHORIZED';
  if (access === 'signed-in') return 'allowed';
  return caller.role && access.includes(caller.role) ? 'allowed' : 'FORBIDDEN';
}

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta; type: string } }>);

describe('access matrix', () => {
  it('has a row for every procedure, and a procedure for every row', () => {
    const served = procedures.map(([path]) => path);
    expect(served.filter((path) => !(path in ACCESS)), 'procedures without a row in ACCESS').toEqual([]);
    expect(Object.keys(ACCESS).filter((path) => !served.includes(path)), 'rows without a procedure').toEqual([]);
  });

  for (const [path, procedure] of procedures) {
    describe(path, () => {
      it('declares who may call it', () => {
        expect(procedure._def.meta?.access, `${path} has no access level`).toBeDefined();
      });

      const access = ACCESS[path];
      if (!access) return;
      for (const [name, identity] of Object.entries(CALLERS)) {
        const outcome = expected(access, identity);
        it(`${name}: ${outcome}`, async () => {
          const caller = createCaller(createContextInner({ documents, identity }));
          const call = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input?: unknown) => Promise<unknown>;
          const result = await call(undefined).then(
            () => 'allowed',
            (error: unknown) => {
              // Past the access check, a missing input is the procedure's own business.
              if (error instanceof TRPCError && (error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN')) return error.code;
              return 'allowed';
            },
          );
          expect(result).toBe(outcome);
        });
      }
    });
  }
});

describe('role procedures', () => {
  // The level by itself, on a router of its own: it refuses and admits by role, and the handler
  // sees the role it admitted.
  const doorRouter = routerForTest();
  function routerForTest() {
    return router({ scan: roleProcedure('scanner', 'admin').query(({ ctx }) => ctx.identity.role) });
  }

  it.each([
    ['signed out', null, 'UNAUTHORIZED'],
    ['no role', person(null), 'FORBIDDEN'],
    ['user', person('user'), 'FORBIDDEN'],
    ['scanner', person('scanner'), 'scanner'],
    ['admin', person('admin'), 'admin'],
  ] as const)('%s → %s', async (_, identity, outcome) => {
    const caller = createCallerFactory(doorRouter)(createContextInner({ documents, identity }));
    const result = await caller.scan().catch((error: TRPCError) => error.code);
    expect(result).toBe(outcome);
  });
});

describe('identity resolution', () => {
  it('is skipped by public procedures and done at most once per request', async () => {
    let checks = 0;
    const ctx = createContextInner({
      documents,
      identity: async () => {
        checks += 1;
        return person('user');
      },
    });
    const caller = createCaller(ctx);
    await caller.health.check();
    expect(checks).toBe(0);
    await caller.identity.me();
    await caller.identity.me();
    expect(checks).toBe(1);
  });
});
