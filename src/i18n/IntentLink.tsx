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
  // The app's links are paths; anything else (another site, an object) is left to the browser.
  const path = prefetch !== true && typeof href === 'string' && href.startsWith('/') ? href : null;

  function intent() {
    if (path === null || done.current) return;
    done.current = true;
    router.prefetch(path, locale ? { locale } : undefined);
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
