// Builds the service worker (src/features/pwa/sw.ts) with its precache manifest; next.config.mjs
// rewrites /sw.js here.
import { createSerwistRoute } from '@serwist/turbopack';

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'src/features/pwa/sw.ts',
  useNativeEsbuild: true,
});
