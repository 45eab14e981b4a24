// Next.js configuration: i18n (next-intl), the Serwist service worker, the build id that
// clients compare against to detect a new version, and security headers.
import { randomUUID } from 'node:crypto';
import { PHASE_PRODUCTION_BUILD } from 'next/constants.js';
import createNextIntlPlugin from 'next-intl/plugin';
import { withSerwist } from '@serwist/turbopack';

// One id per build. It is set on process.env before Next spawns its build workers, so every
// worker and the compiled bundles agree on it; `next start` never re-evaluates it into bundles.
process.env.APP_BUILD_ID ??= `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
const buildId = process.env.APP_BUILD_ID;
// When this build was made: the last change of pages whose content ships with the code (sitemaps).
process.env.APP_BUILD_TIME ??= new Date().toISOString();

// Messages are compiled at build time (ICU to a compact form): the browser then formats them with
// next-intl's small formatter instead of the ICU parser, 16 kB gzip less on every page
// (decision 027). Every import of the message files gets the compiled form; plain texts stay
// strings.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  experimental: { messages: { path: './src/i18n/messages', format: 'json', locales: ['en', 'de'], precompile: true } },
});

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(self), microphone=(), geolocation=()' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  generateBuildId: async () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId, APP_BUILD_TIME: process.env.APP_BUILD_TIME },
  experimental: {
    globalNotFound: true,
    // A page's small chunks merged into larger ones: fewer requests on a slow network (decision 033).
    turbopackChunking: { minChunkSize: 150_000 },
  },
  async rewrites() {
    // The worker is built by the Serwist route handler under /serwist/; browsers load it from
    // /sw.js so that its default scope is the whole site.
    return [
      { source: '/sw.js', destination: '/serwist/sw.js' },
      { source: '/sw.js.map', destination: '/serwist/sw.js.map' },
    ];
  },
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      {
        source: '/sw.js',
        headers: [
          { key: 'Cache-Control', value: 'no-cache, no-store, must-revalidate' },
          { key: 'Service-Worker-Allowed', value: '/' },
        ],
      },
      // API answers are never cached, except files served by their tokenized URLs.
      { source: '/api/:path((?!storage/|images/).*)', headers: [{ key: 'Cache-Control', value: 'no-store' }] },
    ];
  },
};

const config = withSerwist(withNextIntl(nextConfig));

// Every build also writes the standalone server (`.next/standalone/server.js` with the modules it
// traced), which the container recipe runs (Dockerfile, scripts/standalone.mjs; deployment.md).
// Only the build sees `output: 'standalone'`: `next start` loads the configuration in its own
// phase, serves the same build as before, and has no reason to warn that it "does not work"
// (it does: vercel/next.js#97022). The standalone server carries the build's configuration.
const configFor = (phase) => (phase === PHASE_PRODUCTION_BUILD ? { ...config, output: 'standalone' } : config);
export default configFor;
