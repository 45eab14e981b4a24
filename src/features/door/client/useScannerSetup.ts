'use client';
// The door's setup on this device: the event and the mode, chosen here at once and kept in the
// URL (so a door's setup is a bookmark; the URL wins when it changes), and the door's name, kept
// on the device.
import { useState, useSyncExternalStore } from 'react';
import type { DoorEvent } from '../door-figures';
import { SCAN_MODES, type ScanMode } from '../constants';

const noSubscription = () => () => undefined;
/** The address is still the previous page's (a link inside the app, before it changes). */
const ANOTHER_PAGE = 'another page';

/** Where this device's door name is kept (listed in the privacy notice). */
const DEVICE_KEY = 'scannerDoorName';

export function useScannerSetup(events: DoorEvent[], eventInUrl: string | null, modeInUrl: ScanMode, defaultDoor: string) {
  // Chosen here at once; the URL follows (so the setup is a bookmark) and wins when it changes.
  const [choice, setChoice] = useState({ eventId: eventInUrl, mode: modeInUrl, fromUrl: `${eventInUrl}|${modeInUrl}` });
  if (choice.fromUrl !== `${eventInUrl}|${modeInUrl}`) setChoice({ eventId: eventInUrl, mode: modeInUrl, fromUrl: `${eventInUrl}|${modeInUrl}` });
  // Reopened without signal, the page is the copy the worker kept, rendered for another query: the
  // address bar's event and mode win, read once the page has hydrated.
  // (Reached by a link inside the app, the page renders before the address changes: the address is
  // read only once it is this page's.)
  const search = useSyncExternalStore(noSubscription, () => (window.location.pathname.endsWith('/scanner') ? window.location.search : ANOTHER_PAGE), () => null);
  const [readSearch, setReadSearch] = useState(false);
  if (search !== null && !readSearch) {
    setReadSearch(true);
    if (search !== ANOTHER_PAGE) {
      const params = new URLSearchParams(search);
      const [eventId, asked] = [params.get('event'), params.get('mode')];
      const mode = (SCAN_MODES as readonly string[]).includes(asked ?? '') ? (asked as ScanMode) : 'entry';
      if (eventId !== choice.eventId || mode !== choice.mode) setChoice({ ...choice, eventId, mode });
    }
  }
  const mode = choice.mode;
  const event = events.find((candidate) => candidate.id === choice.eventId) ?? events[0] ?? null;
  const [device, setDevice] = useState(() => (typeof window === 'undefined' ? '' : (localStorage.getItem(DEVICE_KEY) ?? '')));
  const doorName = device.trim() || defaultDoor;

  function setUrl(next: { event?: string; mode?: ScanMode }) {
    const eventId = next.event ?? event?.id ?? '';
    const nextMode = next.mode ?? mode;
    setChoice((current) => ({ ...current, eventId, mode: nextMode }));
    // The page's own history entry, not a navigation: the door's setup changes without asking the
    // server, so it works without signal (Next keeps its router in step with replaceState).
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${new URLSearchParams({ event: eventId, mode: nextMode })}`);
  }

  function nameDoor(name: string) {
    setDevice(name);
    localStorage.setItem(DEVICE_KEY, name);
  }

  return {
    /** The event scanned for: the one chosen, else the first the door lists (null: none listed). */
    event,
    mode,
    /** The event asked for (URL or picker), which may be one the door no longer lists. */
    chosenEventId: choice.eventId,
    setUrl,
    /** The door's name as typed (empty: the default). */
    device,
    nameDoor,
    /** The door's name sent with each scan. */
    doorName,
  };
}
