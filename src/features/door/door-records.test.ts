// Decision 030: what door staff act on survives a power cut on the embedded backend.
import { describe, expect, it } from 'vitest';
import { FULL_SYNC_COLLECTIONS } from '@/server/documents/documents';
import { Checkins, CodeUses, Drinks, Scans } from './door-records';

describe('full sync for the writes door staff act on', () => {
  it('names the admission, drink, scan and bar-code collections', () => {
    expect([...FULL_SYNC_COLLECTIONS].sort()).toEqual([Checkins.name, CodeUses.name, Drinks.name, Scans.name].sort());
  });
});
