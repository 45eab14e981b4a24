// The web app manifest (/manifest.webmanifest): installable, standalone, dark.
import type { MetadataRoute } from 'next';
import { COLORS } from '@/styles/tokens';

export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/',
    name: 'Nordlicht',
    short_name: 'Nordlicht',
    description: 'Events, VIP pass and lounge of the Nordlicht venue.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: COLORS.background,
    theme_color: COLORS.background,
    categories: ['entertainment', 'music', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
