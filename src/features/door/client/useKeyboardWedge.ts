'use client';
// The scanner's keyboard wedge: codes a hardware scanner types anywhere on the page.
import { useEffect } from 'react';
import { unlockSound } from './verdict-signals';

/** Inputs that take typed text: keys there are the person's, not a scanner's. */
const NOT_TYPED_INTO = new Set(['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image']);

function takesText(target: HTMLElement | null): boolean {
  if (!target) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  return target.tagName === 'INPUT' && !NOT_TYPED_INTO.has((target as HTMLInputElement).type);
}

/** Shorter bursts are stray keys, not a scanned code. */
const WEDGE_MIN_LENGTH = 4;

/**
 * A USB or Bluetooth scanner types the code and Enter, fast: caught anywhere but where text is
 * typed (so also with the mode buttons or the camera switch focused). Whatever it read is
 * checked, so a foreign ticket gets its "Invalid code" instead of leaving the last verdict up,
 * and its Enter presses nothing else.
 */
export function useKeyboardWedge(onCode: (code: string) => void) {
  useEffect(() => {
    let buffer = '';
    let last = 0;
    const onKey = (event: KeyboardEvent) => {
      // A key press may start sound as a tap does: a door with only a hardware scanner hears it.
      unlockSound();
      if (takesText(event.target as HTMLElement | null)) return;
      const now = performance.now();
      if (now - last > 100) buffer = '';
      last = now;
      if (event.key === 'Enter') {
        if (buffer.length >= WEDGE_MIN_LENGTH) {
          event.preventDefault();
          onCode(buffer);
        }
        buffer = '';
      } else if (event.key.length === 1) buffer += event.key;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCode]);
}
