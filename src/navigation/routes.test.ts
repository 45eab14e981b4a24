import { describe, expect, it } from 'vitest';
import { accessDecision, APP_ROUTES, canAccess, matchRoute, pathFor, type Viewer } from './routes';
import { splitLocale } from './not-found';

// The routes of the specification (section 2) and who may open them (section 6, plus the
// product's decision that subscriptions and notification details are admin-only), and the page an
// announcement's unsubscribe link opens (issue 44), which needs no sign-in.
const SPEC = [
  ['/', 'public'],
  ['/about', 'public'],
  ['/login', 'public'],
  ['/confirm', 'public'],
  ['/unsubscribe', 'public'],
  ['/tickets/[id]', 'public'],
  ['/impressum', 'public'],
  ['/events', 'public'],
  ['/events/[slug]', 'public'],
  ['/vip', 'user,admin,scanner'],
  ['/vip/qr', 'user,admin,scanner'],
  ['/vip/bar', 'user,admin,scanner'],
  ['/vip/lounge', 'user,admin,scanner'],
  ['/vip/profile', 'user,admin,scanner'],
  ['/scanner', 'admin,scanner'],
  ['/admin', 'admin'],
  ['/admin/events', 'admin'],
  ['/admin/images', 'admin'],
  ['/admin/users', 'admin'],
  ['/admin/users/[id]', 'admin'],
  ['/admin/subscriptions', 'admin'],
  ['/admin/notifications', 'admin'],
  ['/admin/notifications/[id]', 'admin'],
] as const;

describe('route table', () => {
  it('holds exactly the routes of the specification with their access', () => {
    const table = APP_ROUTES.map((r) => [r.pattern, r.access === 'public' ? 'public' : [...r.access].sort().join(',')]);
    const spec = SPEC.map(([pattern, access]) => [pattern, access === 'public' ? access : access.split(',').sort().join(',')]);
    expect(table.sort()).toEqual(spec.sort());
  });

  it.each(SPEC)('matches %s', (pattern) => {
    const path = pattern.replace('[slug]', 'summer-night').replace('[id]', 'abc123');
    expect(matchRoute(path)?.pattern).toBe(pattern);
  });

  it('does not match unknown paths or partial dynamic paths', () => {
    expect(matchRoute('/nope')).toBeUndefined();
    expect(matchRoute('/events/a/b')).toBeUndefined();
    expect(matchRoute('/admin/users/')?.pattern).toBe('/admin/users');
  });

  it('builds paths with encoded parameters', () => {
    expect(pathFor('event', { slug: 'a b' })).toBe('/events/a%20b');
    expect(() => pathFor('adminUser')).toThrow(/Missing parameter "id"/);
  });

  // What the guards send back to after signing in: a segment that needs encoding stays one segment.
  const AWKWARD = { slug: 'a b/ü?#', id: 'x/../y&z=%' };
  it.each(APP_ROUTES.map((route) => [route.id, route.pattern]))('builds the path of %s from %s', (id, pattern) => {
    const expected = pattern.replace('[slug]', 'a%20b%2F%C3%BC%3F%23').replace('[id]', 'x%2F..%2Fy%26z%3D%25');
    expect(pathFor(id, AWKWARD)).toBe(expected);
    expect(matchRoute(pathFor(id, AWKWARD))?.id).toBe(id);
  });

  it('sends signed-out people to sign in and the wrong role to 403', () => {
    const signedOut: Viewer = { signedIn: false, role: null };
    expect(accessDecision('public', signedOut)).toBe('allow');
    expect(accessDecision(['admin'], signedOut)).toBe('sign-in');
    expect(accessDecision(['admin'], { signedIn: true, role: null })).toBe('forbidden');
    expect(accessDecision(['admin', 'scanner'], { signedIn: true, role: 'scanner' })).toBe('allow');
  });

  it('grants access by role and sign-in', () => {
    expect(canAccess('public', null, false)).toBe(true);
    expect(canAccess(['admin'], 'admin', true)).toBe(true);
    expect(canAccess(['admin'], 'user', true)).toBe(false);
    expect(canAccess(['user'], null, true)).toBe(false);
    expect(canAccess(['user'], 'user', false)).toBe(false);
  });
});

describe('unknown paths', () => {
  it.each([
    ['/', 'en', '/'],
    ['/de', 'de', '/'],
    ['/de/', 'de', '/'],
    ['/de/vip/qr', 'de', '/vip/qr'],
    ['/about/', 'en', '/about'],
    ['/dev/x', 'en', '/dev/x'],
  ])('splits %s into %s and %s', (pathname, locale, path) => {
    expect(splitLocale(pathname)).toEqual({ locale, path });
  });

  it('knows the pages of the route table and nothing else', () => {
    expect(matchRoute('/vip/qr')).toBeDefined();
    expect(matchRoute('/page-not-found')).toBeUndefined();
    expect(matchRoute('/vip/nope')).toBeUndefined();
  });
});
