// A live stream carries its person's feeds for as long as that person may read them, not for as
// long as it stays open (issue 43): every STREAM_RECHECK_MS each signed-in stream's session is
// verified again, and a stream whose person or rights changed is ended. One timer serves every
// stream of the process, so a round's checks start together and share what they can (one lookup
// of many accounts in Firebase Auth, one read of an account's document for all its streams:
// src/features/identity/session.ts's sessionRechecks).
import 'server-only';
import { STREAM_RECHECK_MS } from './stream-limits';

interface Watched {
  /** Whether the stream may go on: its session still gives the person and rights it opened with. */
  stillValid: () => Promise<boolean>;
  lost: () => void;
  checking: boolean;
}

export class StreamRechecks {
  private readonly streams = new Set<Watched>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly intervalMs = STREAM_RECHECK_MS) {}

  /**
   * Asks `stillValid` every round until the function returned is called; on a `false` or a failed
   * check, calls `lost` once and asks no more.
   */
  watch(stillValid: () => Promise<boolean>, lost: () => void): () => void {
    const watched: Watched = { stillValid, lost, checking: false };
    this.streams.add(watched);
    if (!this.timer) {
      this.timer = setInterval(() => this.round(), this.intervalMs);
      // Open streams keep the process alive; their checks need not.
      this.timer.unref?.();
    }
    return () => this.forget(watched);
  }

  /** Streams being checked. */
  size(): number {
    return this.streams.size;
  }

  private forget(watched: Watched): boolean {
    const known = this.streams.delete(watched);
    if (this.streams.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    return known;
  }

  private round(): void {
    for (const watched of this.streams) {
      // A check still on its way (a slow lookup) is not asked again on top of itself.
      if (watched.checking) continue;
      watched.checking = true;
      void watched
        .stillValid()
        // Rights that cannot be confirmed are not assumed: the browser opens the stream again,
        // and the new stream's identity is verified as any request's is.
        .catch(() => false)
        .then((valid) => {
          watched.checking = false;
          if (!valid && this.forget(watched)) watched.lost();
        });
    }
  }
}
