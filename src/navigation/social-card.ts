// The site's own picture for link previews of pages that have none of their own (rendered from
// public/social-card.svg by `npm run icons`).
export const SOCIAL_CARD = { path: '/social-card.png', width: 1200, height: 630 } as const;
