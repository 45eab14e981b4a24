// Why a live read failed, from tRPC's errors (embedded) and Firestore's (Firebase) alike, without
// the live code importing the tRPC client.
import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { liveError } from './live-state';

const trpcError = (code: string, httpStatus: number) => TRPCClientError.from({ error: { message: code, code: -32001, data: { code, httpStatus } } });

describe('liveError', () => {
  it('reads the code of a tRPC refusal', () => {
    expect(liveError(trpcError('UNAUTHORIZED', 401))).toBe('unauthorized');
    expect(liveError(trpcError('FORBIDDEN', 403))).toBe('forbidden');
  });

  it("reads Firestore's codes", () => {
    expect(liveError({ code: 'unauthenticated' })).toBe('unauthorized');
    expect(liveError({ code: 'permission-denied' })).toBe('forbidden');
  });

  it('takes anything else for a connection out of reach', () => {
    expect(liveError(new TypeError('Failed to fetch'))).toBe('unavailable');
    expect(liveError(TRPCClientError.from(new TypeError('Failed to fetch')))).toBe('unavailable');
    expect(liveError(undefined)).toBe('unavailable');
  });
});
