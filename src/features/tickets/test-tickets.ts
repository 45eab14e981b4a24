// For tests: a push service that accepts every message and keeps it.
import type { Push, PushMessage, PushOutcome, PushTarget } from '@/server/push/port';

export class RecordingPush implements Push {
  readonly kind = 'webpush' as const;
  readonly sent: { target: PushTarget; message: PushMessage }[] = [];

  clientConfig() {
    return { kind: 'webpush' as const, vapidPublicKey: 'test-key' };
  }

  async send(items: readonly { target: PushTarget; message: PushMessage }[]): Promise<PushOutcome[]> {
    this.sent.push(...items);
    return items.map(() => ({ ok: true }));
  }
}
