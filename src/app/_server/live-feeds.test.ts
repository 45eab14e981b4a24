// The live feeds as the app puts them together: every feature's, each served by a subscription
// procedure, read by the browser the way firebase/firestore.rules allow, and nothing else.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appRouter } from '@/app/_server/router';
import type { ProcedureMeta } from '@/server/trpc/init';
import { Events } from '@/features/events/events';
import { PublicEvents } from '@/features/events/public-events';
import { isDeepStrictEqual } from 'node:util';
import { MEMBER_AREA } from '@/navigation/routes';
import type { LiveFeed } from '@/features/live/feeds';
import type { ClientFeed } from '@/features/live/client/client-feed';
import { LIVE_FEEDS } from './live-feeds';

const rules = readFileSync(new URL('../../../firebase/firestore.rules', import.meta.url), 'utf8');
/** Every feature's own feeds, as the server declares them and as the browser reads them (useLiveFeed). */
const FEATURE_FEEDS = import.meta.glob<Record<string, readonly LiveFeed[]>>('/src/features/*/live-feeds.ts', { eager: true });
const CLIENT_FEEDS = Object.values(import.meta.glob<Record<string, ClientFeed<never, unknown>>>('/src/features/*/client/live-feeds.ts', { eager: true })).flatMap((feeds) => Object.values(feeds));
const byProcedure = (a: LiveFeed, b: LiveFeed) => a.procedure.localeCompare(b.procedure);
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta; type: string } }>;

describe('live feeds: server procedures and Firestore rules agree', () => {
  it('takes every feature’s feeds', () => {
    expect(Object.keys(FEATURE_FEEDS).length).toBeGreaterThan(0);
    expect([...LIVE_FEEDS].sort(byProcedure)).toEqual(Object.values(FEATURE_FEEDS).flatMap((feeds) => Object.values(feeds).flat()).sort(byProcedure));
  });

  it('every subscription procedure is a declared feed', () => {
    const subscriptions = Object.entries(procedures).filter(([, procedure]) => procedure._def.type === 'subscription').map(([path]) => path);
    expect(subscriptions.sort()).toEqual(LIVE_FEEDS.map((feed) => feed.procedure).sort());
  });

  const memberArea = (feed: LiveFeed) => isDeepStrictEqual(feed.access, MEMBER_AREA);

  it.each(LIVE_FEEDS.filter((feed) => feed.via === 'server'))('$procedure: computed by the server for the same roles; its collection stays closed to browsers', (feed) => {
    expect(procedures[feed.procedure]?._def.meta?.access).toEqual(feed.access);
    expect(rules).not.toContain(`match /${feed.collection}/`);
  });

  it.each(LIVE_FEEDS.filter((feed) => feed.access !== 'public' && !memberArea(feed) && feed.via !== 'server'))('$procedure: the procedure and the rules allow the same roles', (feed) => {
    expect(procedures[feed.procedure]?._def.meta?.access).toEqual(feed.access);
    const block = new RegExp(`match /${feed.collection}/\\{\\w+\\} \\{\\s*allow read: if hasRole\\(\\[([^\\]]*)\\]\\);\\s*\\}`).exec(rules);
    expect(block, `firestore.rules has no read rule for ${feed.collection}`).not.toBeNull();
    expect(block![1]!.split(',').map((role) => role.trim().replace(/'/g, ''))).toEqual([...(feed.access as readonly string[])]);
  });

  it.each(LIVE_FEEDS.filter((feed) => memberArea(feed) && feed.via !== 'server'))('$procedure: the VIP area, a member only while the membership admits them now', (feed) => {
    expect(procedures[feed.procedure]?._def.meta?.access).toEqual([...MEMBER_AREA]);
    const block = new RegExp(`match /${feed.collection}/\\{\\w+\\} \\{\\s*allow read: if isMemberNow\\(\\);\\s*\\}`).exec(rules);
    expect(block, `firestore.rules has no member read rule for ${feed.collection}`).not.toBeNull();
    const staff = MEMBER_AREA.filter((role) => role !== 'user').map((role) => `'${role}'`).join(', ');
    const definition = /function isMemberNow\(\) \{\s*return ([^;]*);\s*\}/.exec(rules)?.[1]?.replace(/\s+/g, ' ');
    expect(definition).toBe(
      `hasRole([${staff}]) || (hasRole(['user']) && storedUser().membership != null && storedUser().membership.validFrom <= request.time && request.time < storedUser().membership.validUntil)`,
    );
  });

  it.each(LIVE_FEEDS.filter((feed) => feed.access === 'public'))('$procedure: public, and the rules show only the visible documents', (feed) => {
    expect(procedures[feed.procedure]?._def.meta?.access).toBe('public');
    expect(feed.visibleWhen, 'a public feed says which documents are visible').toBeDefined();
    const block = new RegExp(`match /${feed.collection}/\\{\\w+\\} \\{\\s*allow read: if resource\\.data\\.(\\w+) in \\[([^\\]]*)\\];\\s*\\}`).exec(rules);
    expect(block, `firestore.rules has no read rule for ${feed.collection}`).not.toBeNull();
    expect(block![1]).toBe(feed.visibleWhen!.field);
    expect(block![2]!.split(',').map((value) => value.trim().replace(/'/g, ''))).toEqual([...feed.visibleWhen!.values]);
  });

  it('the browser reads every declared feed, and only those', () => {
    expect(CLIENT_FEEDS.map((feed) => feed.procedure).sort()).toEqual(LIVE_FEEDS.map((feed) => feed.procedure).sort());
  });

  it.each(LIVE_FEEDS)('$procedure: the browser reads it from Firestore exactly when the rules let it, and signed out exactly when it is public', (feed) => {
    const client = CLIENT_FEEDS.find((candidate) => candidate.procedure === feed.procedure);
    expect(client?.firestore !== undefined).toBe(feed.via !== 'server');
    expect(client?.public === true).toBe(feed.access === 'public');
  });

  it('takes roles from users/{uid} (not the token claim, which outlives a downgrade) and gives a disabled account nothing', () => {
    expect(rules).not.toMatch(/request\.auth\.token/);
    const userDoc = String.raw`/databases/$(database)/documents/users/$(request.auth.uid)`;
    expect(rules).toContain(`function storedUser() {\n      return get(${userDoc}).data;\n    }`);
    const hasRole = /function hasRole\(roles\) \{\s*return ([^;]*);\s*\}/.exec(rules);
    expect(hasRole, 'firestore.rules defines hasRole(roles)').not.toBeNull();
    const conditions = hasRole![1]!.split('&&').map((condition) => condition.trim());
    expect(conditions).toEqual(['request.auth != null', `exists(${userDoc})`, 'storedUser().disabled == false', 'storedUser().role in roles']);
  });

  it('the public programme is read from the mirror of public fields; events/{id} stays closed', () => {
    const publicFeeds = LIVE_FEEDS.filter((feed) => feed.access === 'public');
    expect(publicFeeds.map((feed) => feed.collection)).toEqual([PublicEvents.name]);
    expect(rules).not.toContain(`match /${Events.name}/`);
  });

  it('allows no writes from browsers and denies everything else', () => {
    expect(rules).not.toMatch(/allow (write|create|update|delete)\s*:\s*if (?!false)/);
    expect(rules).toMatch(/match \/\{document=\*\*\} \{\s*allow read, write: if false;/);
  });
});
