'use client';
// Sending the door's scans and holding the answer on screen: a code read twice within a few
// seconds is sent once, each scan carries a nonce of its own (a retry sends the same one, so it can
// never admit twice), and a verdict is signalled with sound and vibration as it arrives.
import { useCallback, useRef, useState } from 'react';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import type { DoorEvent } from '../door-figures';
import type { ScanResult } from '../scanning';
import { CODE_MAX, type ScanMode } from '../scan-terms';
import { signal } from './verdict-signals';

/** The same code is not sent again within this time (a phone held in front of the camera). */
const RESUBMIT_AFTER_MS = 3000;

/** What the scanner shows after a scan: the verdict, no answer (with a retry), or an error. */
export type Outcome = { kind: 'verdict'; result: ScanResult } | { kind: 'offline'; retry: () => void } | { kind: 'error'; text: string };

export function newNonce(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

export function useDoorScan(event: DoorEvent | null, mode: ScanMode, doorName: string) {
  const errorMessage = useApiErrorMessage();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const recent = useRef(new Map<string, number>());
  // Sent at once even when the browser says it is offline: the scan then fails now and says so,
  // instead of waiting in React Query's queue and admitting someone later, unseen.
  const scan = trpc.door.scan.useMutation({ networkMode: 'always' });

  /** Shows a verdict and signals it (a scan's answer, or an admission by hand). */
  const show = useCallback((result: ScanResult) => {
    setOutcome({ kind: 'verdict', result });
    signal(result.verdict);
  }, []);

  const submit = useCallback(
    (code: string, source: 'camera' | 'keyboard') => {
      if (!event) return;
      const trimmed = code.trim().slice(0, CODE_MAX);
      // The same pass before the same camera again: not sent twice (in another mode it is a new scan).
      const key = `${event.id}|${mode}|${trimmed}`;
      const last = recent.current.get(key);
      if (last && Date.now() - last < RESUBMIT_AFTER_MS) return;
      recent.current.set(key, Date.now());
      const nonce = newNonce();
      const send = () => {
        scan.mutate(
          { eventId: event.id, mode, code: trimmed, nonce, source, device: doorName },
          {
            onSuccess: show,
            onError: (error) => {
              // No answer: the scan was not decided. Say so at once; the retry keeps its nonce,
              // so it can never admit twice.
              if (!navigator.onLine || !(error as { data?: unknown }).data) setOutcome({ kind: 'offline', retry: send });
              else setOutcome({ kind: 'error', text: errorMessage(error) });
              navigator.vibrate?.([300, 100, 300]);
            },
          },
        );
      };
      send();
    },
    [event, mode, doorName, scan, errorMessage, show],
  );

  return {
    outcome,
    /** A scan is on its way to the server. */
    checking: scan.isPending,
    submit,
    show,
    dismiss: () => setOutcome(null),
  };
}
