'use client';
// An action that runs once at a time: a second press while the first one runs is ignored. A
// mutation's own isPending reaches the screen only after a render (React Query tells its observers
// on a timer), so two quick presses, or Enter twice, would both start it; the ref here is set on
// the first press itself.
import { useCallback, useRef, useState } from 'react';

export function useOneAtATime() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  /**
   * Runs `action` unless one runs already. The action reports its own failure (a mutation's
   * onError, a caught refusal shown in the dialog): a rejection only ends the run.
   */
  const run = useCallback(async (action: () => Promise<unknown>): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
    } catch {
      // Reported by the action itself (see above); nothing is left running.
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
