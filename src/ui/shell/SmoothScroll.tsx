'use client';
// Animates clicks on same-page anchors (#id) over 300 ms and moves focus to the target, so the
// skip link and in-page links work for keyboard and screen-reader users. Honors reduced motion.
import { useEffect } from 'react';
import { SCROLL_DURATION_MS } from '@/styles/tokens';
import { scrollPositionAt } from '@/ui/scroll';

export function SmoothScroll() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href^="#"]');
      const id = anchor?.getAttribute('href')?.slice(1);
      const target = id ? document.getElementById(decodeURIComponent(id)) : null;
      if (!target) return;
      event.preventDefault();
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      const from = window.scrollY;
      const header = document.querySelector('body > header')?.getBoundingClientRect().height ?? 0;
      const to = Math.max(0, target.getBoundingClientRect().top + from - header);
      const finish = () => {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
        history.replaceState(history.state, '', `#${id}`);
      };
      if (reduced) {
        window.scrollTo(0, to);
        finish();
        return;
      }
      const start = performance.now();
      const step = (now: number) => {
        const elapsed = now - start;
        window.scrollTo(0, scrollPositionAt(from, to, elapsed, SCROLL_DURATION_MS));
        if (elapsed < SCROLL_DURATION_MS) requestAnimationFrame(step);
        else finish();
      };
      requestAnimationFrame(step);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  return null;
}
