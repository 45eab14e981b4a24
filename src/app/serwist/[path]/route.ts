// Builds the service worker (src/features/pwa/sw.ts) with its precache manifest; next.config.mjs
// rewrites /sw.js here. The precache holds only what every visitor needs offline, the icons push
// messages show; the build's files are kept as each person first uses them (decision 040), so a
// first visit downloads what its page needs and not the admin's, the scanner's or the decoder.
import { createSerwistRoute } from '@serwist/turbopack';

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'src/features/pwa/sw.ts',
  useNativeEsbuild: true,
  globPatterns: ['public/icons/icon-192.png', 'public/icons/badge-96.png'],
});
