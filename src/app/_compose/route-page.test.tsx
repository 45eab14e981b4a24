// A page built by routePage() or pageShell() takes everything it shares with the others from its row
// of the route table: the guard's return path, the 403 view, the header's title and description
// (above the content, within it, or left to it), the metadata with what the page adds; and the two
// status pages theirs from Errors.
import type { ReactElement, ReactNode } from 'react';
import { createTranslator } from 'use-intl/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import type { Identity } from '@/access/identity';

const viewer = vi.hoisted(() => ({ identity: null as Identity | null }));

vi.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async ({ locale, namespace }: { locale: 'en' | 'de'; namespace: string }) =>
    createTranslator({ locale, messages: locale === 'de' ? de : en, namespace: namespace as 'Pages' }),
}));
vi.mock('@/features/identity/viewer', async (original) => ({
  ...(await original<typeof import('@/features/identity/viewer')>()),
  currentIdentity: async () => viewer.identity,
}));
// The 403 view itself is rendered by the browser tests (e2e/guards.spec.ts); here it is a marker.
vi.mock('./ForbiddenView', () => ({ ForbiddenView: () => null }));

const { routePage } = await import('./route-page');
const { pageShell } = await import('./page-shell');
const { ForbiddenView } = await import('./ForbiddenView');
const { PageHeader } = await import('@/ui/page/PageHeader');
const { ClientMessages } = await import('@/i18n/ClientMessages');

function person(role: Identity['role']): Identity {
  return { uid: 'u1', email: 'a@example.com', emailVerified: true, displayName: null, photoURL: null, role };
}

function props(params: Record<string, string>, search: Record<string, string> = {}) {
  return { params: Promise.resolve({ locale: 'en', ...params }), searchParams: Promise.resolve(search) };
}

/** Where a redirect() sends the browser: Next throws it with the target in its digest. */
async function redirectTarget(rendering: Promise<unknown>): Promise<string> {
  const error: unknown = await rendering.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  const digest = String((error as { digest?: unknown } | null)?.digest ?? '');
  expect(digest).toMatch(/^NEXT_REDIRECT;/);
  return digest.split(';')[2]!;
}

describe('routePage', () => {
  beforeEach(() => {
    viewer.identity = null;
  });

  it('sends a signed-out viewer to /login with the path the table builds, its segments encoded', async () => {
    const page = routePage('adminUser', { content: () => 'never shown' });
    const target = await redirectTarget(page.Page(props({ locale: 'de', id: 'a b/ü?' })));
    const url = new URL(target, 'http://site.invalid');
    expect(url.pathname).toBe('/de/login');
    expect(url.searchParams.get('next')).toBe('/de/admin/users/a%20b%2F%C3%BC%3F');
  });

  it('comes back to a static route the same way', async () => {
    const target = await redirectTarget(routePage('vipQr', { content: () => null }).Page(props({})));
    expect(new URL(target, 'http://site.invalid').searchParams.get('next')).toBe('/vip/qr');
  });

  it('shows the 403 view to a role the route does not admit, and nothing of the content', async () => {
    viewer.identity = person('user');
    const content = vi.fn(() => 'admin only');
    const element = (await routePage('adminImages', { content }).Page(props({}))) as ReactElement;
    expect(element.type).toBe(ForbiddenView);
    expect(content).not.toHaveBeenCalled();
  });

  it('heads the content with the route title and description, in the page language', async () => {
    viewer.identity = person('admin');
    const page = routePage('adminUser', { messages: ['AdminUser'], content: ({ params }) => `account ${params.id}` });
    const element = (await page.Page(props({ locale: 'de', id: 'x1' }))) as ReactElement<{ children: ReactNode[] }>;
    const [header, body] = element.props.children as [ReactElement, ReactElement<{ namespaces: string[]; children: ReactNode }>];
    expect(header.type).toBe(PageHeader);
    expect(header.props).toEqual({ eyebrow: undefined, title: de.Pages.adminUser.title, lead: de.Pages.adminUser.description });
    expect(body.type).toBe(ClientMessages);
    expect(body.props.namespaces).toEqual(['AdminUser']);
    expect(body.props.children).toBe('account x1');
  });

  it('hands the content the signed-in person and the query, and the eyebrow its line', async () => {
    viewer.identity = person('scanner');
    const page = routePage('scanner', {
      eyebrow: async ({ identity }) => `hello ${identity?.uid}`,
      content: async ({ searchParams }) => `mode ${(await searchParams).mode}`,
    });
    const element = (await page.Page(props({}, { mode: 'bar' }))) as ReactElement<{ children: ReactNode[] }>;
    const [header, body] = element.props.children as [ReactElement<{ eyebrow?: string }>, ReactNode];
    expect(header.props.eyebrow).toBe('hello u1');
    expect(body).toBe('mode bar');
  });

  it('renders a public route for anyone, without asking who is there', async () => {
    const element = (await pageShell('events', { content: () => 'programme' }).Page(props({}))) as ReactElement<{ children: ReactNode[] }>;
    const [header, body] = element.props.children as [ReactElement<{ title: string }>, ReactNode];
    expect(header.props.title).toBe(en.Pages.events.title);
    expect(body).toBe('programme');
  });

  it('hands the header to content that places it itself, without the description where the page leaves it out', async () => {
    const within = (await pageShell('about', { heading: 'within', lead: false, content: ({ heading }) => <article>{heading}</article> }).Page(props({ locale: 'de' }))) as ReactElement<{ children: ReactElement }>;
    expect(within.type).toBe('article');
    expect(within.props.children.type).toBe(PageHeader);
    expect(within.props.children.props).toEqual({ eyebrow: undefined, title: de.Pages.about.title, lead: undefined });
    const withLead = (await pageShell('login', { heading: 'within', content: ({ heading }) => heading }).Page(props({}))) as ReactElement<{ lead?: string }>;
    expect(withLead.props.lead).toBe(en.Pages.login.description);
  });

  it('leaves the heading to content headed by what it shows, and gives it nothing to place', async () => {
    const content = vi.fn(() => 'hero');
    expect(await pageShell('home', { heading: 'none', content }).Page(props({}))).toBe('hero');
    expect(content).toHaveBeenCalledWith(expect.objectContaining({ heading: null, locale: 'en' }));
  });

  it("adds a page's own metadata to the table's, the guard's robots included", async () => {
    const open = await pageShell('confirm', { content: () => null, metadata: (base) => ({ ...base, robots: { index: false } }) }).generateMetadata({ params: Promise.resolve({ locale: 'de' }) });
    expect(open).toMatchObject({ title: de.Pages.confirm.title, robots: { index: false }, alternates: { canonical: '/de/confirm' } });
    const seen = vi.fn((base: object) => base);
    await routePage('adminUsers', { content: () => null, metadata: seen }).generateMetadata({ params: Promise.resolve({ locale: 'en' }) });
    expect(seen).toHaveBeenCalledWith(expect.objectContaining({ robots: { index: false } }), { locale: 'en', params: { locale: 'en' } });
  });

  it('makes the status pages the proxy rewrites to, titled from Errors and never indexed, headed by their own views', async () => {
    const page = pageShell('pageNotFound', { heading: 'none', content: () => 'not found' });
    expect(await page.generateMetadata({ params: Promise.resolve({ locale: 'de' }) })).toEqual({ title: de.Errors.notFoundTitle, robots: { index: false } });
    expect(await page.Page(props({}))).toBe('not found');
    expect(await pageShell('accessDenied', { heading: 'none', content: () => null }).generateMetadata({ params: Promise.resolve({ locale: 'en' }) })).toEqual({ title: en.Errors.forbiddenTitle, robots: { index: false } });
    expect(() => pageShell('accessDenied', { content: () => null })).toThrow(/status page/);
  });

  it('makes no guarded page without the guard', () => {
    expect(() => pageShell('adminUsers', { content: () => null })).toThrow(/guarded/);
  });

  it('keeps guarded routes out of search engines and public ones in', async () => {
    const guarded = await routePage('adminUser', { content: () => null }).generateMetadata({ params: Promise.resolve({ locale: 'de', id: 'a b' }) });
    expect(guarded).toMatchObject({ title: de.Pages.adminUser.title, robots: { index: false }, alternates: { canonical: '/de/admin/users/a%20b' } });
    const open = await pageShell('events', { content: () => null }).generateMetadata({ params: Promise.resolve({ locale: 'en' }) });
    expect(open.title).toBe(en.Pages.events.title);
    expect(open.robots).toBeUndefined();
  });
});
