'use client';
// Sending the door's scans and holding the answer on screen: a code read twice within a few
// seconds is sent once, each scan carries a nonce of its own (a retry, and the decision this phone
// makes when the server does not answer in time, use the same one, so it can never admit twice),
// and a verdict is signalled with sound and vibration as it arrives.
import { useCallback, useRef, useState } from 'react';
import { useApiErrorMessage } from '@/trpc/errors';
import type { DoorEvent } from '../door-figures';
import { CODE_MAX, type ScanMode, type ScanSource } from '../constants';
import type { DoorAnswer, DoorSync, DoorVerdict, NotDecided } from './door-sync';
import { signal } from './verdict-signals';

/** The same code is not sent again within this time (a phone held in front of the camera). */
const RESUBMIT_AFTER_MS = 3000;

/**
 * What the scanner shows after a scan: the verdict (a "Full" with the door's way past it, "Admit
 * anyway", which takes the reason), not decided (why, with a retry), or an error.
 */
export type Outcome =
  | { kind: 'verdict'; result: DoorVerdict; admitAnyway?: (reason: string) => Promise<void> }
  | { kind: 'offline'; reason: NotDecided; retry: () => void }
  | { kind: 'error'; text: string };

/** A scan as it was sent (a code read, or a member chosen by name): what "Admit anyway" needs of it. */
export interface ScanMade {
  nonce: string;
  code?: string;
  uid?: string;
  source: ScanSource;
}

export function newNonce(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

export function useDoorScan(event: DoorEvent | null, mode: ScanMode, doorName: string, sync: DoorSync | null) {
  const errorMessage = useApiErrorMessage();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [checking, setChecking] = useState(0);
  const recent = useRef(new Map<string, number>());

  /** Shows a verdict and signals it (a scan's answer, or an admission by hand). */
  const show = useCallback((result: DoorVerdict, admitAnyway?: (reason: string) => Promise<void>) => {
    setOutcome({ kind: 'verdict', result, admitAnyway });
    signal(result.verdict);
  }, []);

  /**
   * Shows what became of a scan or an admission by hand; `again` asks once more with the same
   * nonce. A "Full" comes with "Admit anyway" for the person it named.
   */
  const settle = useCallback(
    function settleAnswer(answer: DoorAnswer, again: () => void, scan?: ScanMade) {
      if (answer.kind === 'verdict') {
        const { verdict: result } = answer;
        if (result.verdict !== 'full' || !scan || !sync) return show(result);
        const admitAnyway = async (reason: string) => {
          const full = { code: scan.code, uid: scan.uid, source: scan.source, at: result.at, decidedOffline: result.decidedOffline };
          const anyway = () => sync.admitAnyway({ eventId: result.eventId, fullNonce: scan.nonce, device: doorName, reason, full });
          settleAnswer(await anyway(), () => void anyway().then((next) => settleAnswer(next, again)));
        };
        return show(result, admitAnyway);
      }
      if (answer.kind === 'error') setOutcome({ kind: 'error', text: errorMessage(answer.error) });
      else setOutcome({ kind: 'offline', reason: answer.reason, retry: again });
      navigator.vibrate?.([300, 100, 300]);
    },
    [show, errorMessage, sync, doorName],
  );

  const submit = useCallback(
    (code: string, source: 'camera' | 'keyboard') => {
      if (!event || !sync) return;
      const trimmed = code.trim().slice(0, CODE_MAX);
      // The same pass before the same camera again: not sent twice (in another mode it is a new scan).
      const key = `${event.id}|${mode}|${trimmed}`;
      const last = recent.current.get(key);
      if (last && Date.now() - last < RESUBMIT_AFTER_MS) return;
      recent.current.set(key, Date.now());
      const nonce = newNonce();
      const send = () => {
        setChecking((count) => count + 1);
        void sync
          .scan({ eventId: event.id, mode, code: trimmed, nonce, source, device: doorName })
          .then((answer) => settle(answer, send, { nonce, code: trimmed, source }))
          .finally(() => setChecking((count) => count - 1));
      };
      send();
    },
    [event, mode, doorName, sync, settle],
  );

  return {
    outcome,
    /** A scan is on its way to the server (or being decided here). */
    checking: checking > 0,
    submit,
    settle,
    dismiss: () => setOutcome(null),
  };
}
