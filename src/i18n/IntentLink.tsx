'use client';
// The app's Link: next-intl's locale-aware link, which loads the page it leads to only when a
// person shows they are about to follow it (a pointer over it, a finger on it, keyboard focus),
// not every link that scrolls into view. On a venue's poor mobile signal that spares the
// requests, and the main thread the answers, of pages nobody opens (decision 032); a tap still
// starts the load some 100 ms before the click. `prefetch` set to true keeps Next's own.
import { type ComponentProps, type FocusEvent, type PointerEvent, type TouchEvent, useRef } from 'react';
import { navigation } from './navigation-base';

const BaseLink = navigation.Link;

export function Link({ prefetch, onPointerEnter, onTouchStart, onFocus, ...props }: ComponentProps<typeof BaseLink>) {
  const router = navigation.useRouter();
  const done = useRef(false);
  const { href, locale } = props;
  const target = prefetch === true ? null : appTarget(href);

  function intent() {
    if (target === null || done.current) return;
    done.current = true;
    router.prefetch(target, locale ? { locale } : undefined);
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

type Target = Parameters<ReturnType<typeof navigation.useRouter>['prefetch']>[0];

/** A path of this app (with its query, as the language switch has), or null for another site. */
function appTarget(href: ComponentProps<typeof BaseLink>['href']): Target | null {
  if (typeof href === 'string') return href.startsWith('/') ? href : null;
  const { pathname, query } = href;
  if (typeof pathname !== 'string' || !pathname.startsWith('/')) return null;
  return query && typeof query === 'object' ? { pathname, query: query as Record<string, string | string[]> } : pathname;
}
