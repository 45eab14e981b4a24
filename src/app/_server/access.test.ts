// The access matrix, generated from the router: every procedure is called as each kind of caller
// and must be allowed or refused exactly as its declared level says. A procedure that declares no
// level fails this test.
import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import type { Identity } from '@/access/identity';
import type { Role } from '@/access/roles';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { createContextInner } from '@/server/trpc/context';
import { createCallerFactory, roleProcedure, router, type ProcedureMeta } from '@/server/trpc/init';
import { appRouter, createCaller } from './router';

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

function expected(access: ProcedureMeta['access'], caller: Identity | null): 'allowed' | 'UNAUTHORIZED' | 'FORBIDDEN' {
  if (access === 'public') return 'allowed';
  if (!caller) return 'UNAUTHORIZED';
  if (access === 'signed-in') return 'allowed';
  return caller.role && access.includes(caller.role) ? 'allowed' : 'FORBIDDEN';
}

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta; type: string } }>);

describe('access matrix', () => {
  it('has procedures to check', () => {
    expect(procedures.length).toBeGreaterThan(0);
  });

  for (const [path, procedure] of procedures) {
    describe(path, () => {
      it('declares who may call it', () => {
        expect(procedure._def.meta?.access, `${path} has no access level`).toBeDefined();
      });

      for (const [name, identity] of Object.entries(CALLERS)) {
        const access = procedure._def.meta?.access;
        const outcome = access ? expected(access, identity) : 'allowed';
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
  // No feature procedure is role-restricted yet; this router shows the level refuses and admits.
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
