'use client';
// Searching as one types: the search is applied a moment after the last key, not on every key.
import { useEffect, useRef } from 'react';

/** Calls `apply` with the trimmed text once typing pauses, unless that is the search already shown. */
export function useSettledSearch(text: string, applied: string, apply: (search: string) => void, delay = 300): void {
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  useEffect(() => {
    if (text.trim() === applied) return;
    const timer = setTimeout(() => latest.current(text.trim()), delay);
    return () => clearTimeout(timer);
  }, [text, applied, delay]);
}
