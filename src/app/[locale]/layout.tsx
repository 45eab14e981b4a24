// The root layout, one per language: <html lang>, providers, header, footer and the PWA hooks.
import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { isLocale } from '@/i18n/routing';
import { ClientMessages } from '@/i18n/ClientMessages';
import { SOCIAL_CARD } from '@/navigation/social-card';
import { env } from '@/server/env';
import { NONCE_HEADER, PATH_HEADER } from '@/server/http/security-headers';
import { COLORS } from '@/styles/tokens';
import { firebaseWebConfig } from '@/server/firebase/web-config';
import { WebConfigProvider } from '@/firebase-client/WebConfigProvider';
import { ViewerProvider } from '@/features/identity/client/ViewerProvider';
import type { ViewerPerson } from '@/features/identity/client/viewer-person';
import { currentIdentity } from '@/features/identity/viewer';
import { isOfflineShell } from '@/features/pwa/private-caches';
import { SiteHeader } from '@/app/_compose/shell/SiteHeader';
import { SiteFooter } from '@/ui/shell/SiteFooter';
import { SmoothScroll } from '@/ui/shell/SmoothScroll';
import { DemoModeBanner } from '@/ui/shell/DemoModeBanner';
import { CAPTURE_INSTALL_PROMPT_SCRIPT, InstallPrompt } from '@/features/pwa/InstallPrompt';
import { ServiceWorkerRegistration } from '@/features/pwa/ServiceWorkerRegistration';
import { VersionWatcher } from '@/features/pwa/VersionWatcher';
import { PushRefresh } from '@/features/notifications/ui/PushRefresh';
import '@/styles/globals.css';

// Only the configured languages exist: the proxy answers any other path with the 404 page, and
// the layout refuses an unknown locale below. (No `dynamicParams = false` here: Next applies it
// to every segment below, which would turn on-demand event pages into 404s.)

export const viewport: Viewport = {
  themeColor: COLORS.background,
  colorScheme: 'dark',
  width: 'device-width',
  initialScale: 1,
  viewportFit: 'cover',
};

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'Meta' });
  const siteName = t('siteName');
  return {
    metadataBase: new URL(env.SITE_URL),
    applicationName: siteName,
    title: { default: `${siteName} – ${t('tagline')}`, template: `%s · ${siteName}` },
    description: t('description'),
    manifest: '/manifest.webmanifest',
    icons: {
      icon: [
        { url: '/icons/icon.svg', type: 'image/svg+xml' },
        { url: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      ],
      apple: [{ url: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }],
    },
    appleWebApp: { capable: true, title: siteName, statusBarStyle: 'black-translucent' },
    formatDetection: { telephone: false },
    openGraph: { siteName, type: 'website', images: [{ url: SOCIAL_CARD.path, width: SOCIAL_CARD.width, height: SOCIAL_CARD.height, alt: siteName }] },
  };
}

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Nav' });
  const exposure = await getTranslations({ locale, namespace: 'Exposure' });
  // The proxy's per-request nonce (decision 014). Reading it renders every page per request: a
  // cached page would carry a stale nonce, refused by the policy of the response it is sent with.
  const requestHeaders = await headers();
  const nonce = requestHeaders.get(NONCE_HEADER) ?? undefined;
  // Who is signed in, from the session cookie: the header knows on the first render, with no
  // Firebase in the page. The pass's shell is rendered for no one (the worker keeps it).
  const viewer = isOfflineShell(requestHeaders.get(PATH_HEADER) ?? '') ? 'deferred' : viewerOf(await currentIdentity());
  const webConfig = firebaseWebConfig();

  return (
    <html lang={locale} dir="ltr">
      <body>
        <ClientMessages>
          <WebConfigProvider config={webConfig}>
            <ViewerProvider initial={viewer}>
            <a className="skip-link" href="#main">
              {t('skipToContent')}
            </a>
            <DemoModeBanner config={webConfig} text={exposure('banner')} />
            <SiteHeader />
            <main id="main" className="site-main" tabIndex={-1}>
              <div className="container">{children}</div>
            </main>
            <SiteFooter />
            <SmoothScroll />
            <InstallPrompt />
            <ServiceWorkerRegistration />
            <VersionWatcher />
            <PushRefresh />
            </ViewerProvider>
          </WebConfigProvider>
        </ClientMessages>
        {/* Inline, not next/script: it must listen before the browser may offer installation, and
            before hydration. At the end of the body, not in the head: an inline script waits for
            the stylesheet, and in the head it kept the browser from reading the page meanwhile. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CAPTURE_INSTALL_PROMPT_SCRIPT }} />
      </body>
    </html>
  );
}

function viewerOf(identity: Awaited<ReturnType<typeof currentIdentity>>): ViewerPerson | null {
  return identity ? { uid: identity.uid, email: identity.email, displayName: identity.displayName, photoURL: identity.photoURL, role: identity.role } : null;
}
