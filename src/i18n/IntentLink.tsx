'use client';
// The app's Link: next-intl's locale-aware link, which loads the page it leads to only when a
// person shows they are about to follow it (a pointer over it, a finger on it, keyboard focus),
// not every link that scrolls into view. On a venue's poor mobile signal that spares the
// requests, and the main thread the answers, of pages nobody opens (decision 032); a tap still
// starts the load some 100 ms before the click. `prefetch` set to true keeps Next's own.
import { type ComponentProps, type FocusEvent, type PointerEvent, type TouchEvent, useRef } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { navigation } from './navigation-base';

const BaseLink = navigation.Link;

export function Link({ prefetch, onPointerEnter, onTouchStart, onFocus, ...props }: ComponentProps<typeof BaseLink>) {
  // Next's router, not next-intl's: that one stores a prefetch's language as the visitor's choice,
  // so pointing at the language switch would switch the language.
  const router = useRouter();
  const current = useLocale();
  // What this link last asked for: once per path, and again when its path changes (the header's
  // links stay mounted while their targets follow the page).
  const asked = useRef<string | null>(null);
  const { href, locale } = props;
  const target = prefetch === true ? null : appTarget(href);

  function intent() {
    if (target === null) return;
    // The address the link itself leads to: another language always with its prefix.
    const path = navigation.getPathname({ href: target, locale: locale ?? current, forcePrefix: locale != null || undefined });
    if (asked.current === path) return;
    asked.current = path;
    router.prefetch(path);
  }

  return (
    <BaseLink
      {...props}
      prefetch={prefetch === true ? true : false}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        intent();
        onPointerEnter?.(event);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        intent();
        onTouchStart?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        intent();
        onFocus?.(event);
      }}
    />
  );
}

type Target = Parameters<typeof navigation.getPathname>[0]['href'];

/** A path of this app (with its query, as the language switch has), or null for another site. */
function appTarget(href: ComponentProps<typeof BaseLink>['href']): Target | null {
  if (typeof href === 'string') return href.startsWith('/') ? href : null;
  const { pathname, query } = href;
  if (typeof pathname !== 'string' || !pathname.startsWith('/')) return null;
  return query && typeof query === 'object' ? { pathname, query: query as Record<string, string | string[]> } : pathname;
}
