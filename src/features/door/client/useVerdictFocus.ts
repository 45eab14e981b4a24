'use client';
// Focus and Escape for the scanner's verdict card.
import { useEffect, useRef } from 'react';
import type { Outcome } from './useDoorScan';

/**
 * The verdict covers the scanner, so it takes the focus (its first action: try again, or next
 * scan), and Escape puts it away, as a keyboard or a screen reader expects of what fills the
 * screen.
 */
export function useVerdictFocus(outcome: Outcome, onDismiss: () => void) {
  const action = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    action.current?.focus();
  }, [outcome]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDismiss]);
  return action;
}
