import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Documents } from '@/server/documents/port';
import type { MailTransport } from '@/server/mail/port';

vi.mock('@/features/mail/sender', () => ({ sendDueMail: vi.fn(async () => ({ sent: 0, retried: 0, failed: 0, undeliverable: 0, suppressed: 0 })) }));

const { scheduleMail } = await import('./mail-sender');
const { sendDueMail } = await import('@/features/mail/sender');

describe('the mail sender schedule', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('sends at start and every round', async () => {
    const stop = scheduleMail({} as Documents, {} as MailTransport, 'https://nordlicht.example', 5000);
    expect(sendDueMail).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sendDueMail).toHaveBeenCalledTimes(3);
    await stop();
  });

  it('holds the first round back when told (the crash test kills the server in that window)', async () => {
    const stop = scheduleMail({} as Documents, {} as MailTransport, 'https://nordlicht.example', 5000, 60_000);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(sendDueMail).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sendDueMail).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sendDueMail).toHaveBeenCalledTimes(2);
    await stop();
  });
});
