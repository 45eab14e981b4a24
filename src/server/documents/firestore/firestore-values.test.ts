// The Firestore adapter's value and error mapping, which needs no emulator.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { DocumentsError, serverTimestamp } from '../port';
import { fromFirestore, toFirestore, translate } from './firestore-documents';

describe('Firestore values', () => {
  it('reads Timestamps as Dates, deeply', () => {
    const at = new Date('2026-12-05T20:00:00Z');
    expect(fromFirestore({ startsAt: Timestamp.fromDate(at), venue: { doorsAt: Timestamp.fromDate(at) }, list: [Timestamp.fromDate(at), 'x'] })).toEqual({
      startsAt: at,
      venue: { doorsAt: at },
      list: [at, 'x'],
    });
  });

  it('writes server timestamps as Firestore sentinels and keeps validated values', () => {
    const now = new Date();
    const written = toFirestore({ title: 'A', updatedAt: now, nested: { at: now } }, { title: 'A', updatedAt: serverTimestamp(), nested: { at: now } }) as Record<string, unknown>;
    expect(written.title).toBe('A');
    expect(written.updatedAt).toEqual(FieldValue.serverTimestamp());
    expect((written.nested as Record<string, unknown>).at).toBe(now);
  });
});

describe('Firestore errors', () => {
  it.each([
    [6, 'already-exists'],
    [5, 'not-found'],
    [10, 'aborted'],
    [3, 'invalid-argument'],
    [14, 'unavailable'],
  ] as const)('gRPC code %i becomes %s', (code, expected) => {
    const error = translate(Object.assign(new Error('from Firestore'), { code }));
    expect(error).toBeInstanceOf(DocumentsError);
    expect((error as DocumentsError).code).toBe(expected);
  });

  it('leaves other errors alone', () => {
    const other = new Error('network');
    expect(translate(other)).toBe(other);
  });
});
