// When a membership admits its holder: from its first moment up to its end, the end itself
// excluded. Here, below memberships, because every request decides the member role from the
// window the person's own document carries (./users.ts); a membership adds its status to it.
export function withinValidity(window: { validFrom: Date | null; validUntil: Date | null }, now: Date): boolean {
  return window.validFrom !== null && window.validUntil !== null && window.validFrom.getTime() <= now.getTime() && now.getTime() < window.validUntil.getTime();
}
