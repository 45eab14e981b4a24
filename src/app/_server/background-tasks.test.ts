// With BACKGROUND_WORK=scheduler a mail a request queued goes after its answer, not at the next
// minute's job; other writes start no mail round.
import { describe, expect, it, vi } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { enqueueMail, Mail } from '@/features/mail/outbox';
import { Events } from '@/features/events/events';
import { addEvent } from '@/features/door/test-door';
import { sendMailQueuedByRequests } from './background-tasks';

describe('mail a request queued', () => {
  it('is sent by a round the write starts; other writes start none', async () => {
    const documents = new SqliteDocuments(':memory:');
    const send = vi.fn(async () => ({ sent: 1 }));
    const stop = sendMailQueuedByRequests(documents, send);
    await addEvent(documents, 'tonight', new Date());
    await documents.collection(Events).doc('tonight').update({ capacity: 10 });
    expect(send).not.toHaveBeenCalled();
    await documents.runTransaction(async (tx) => enqueueMail(tx, documents, { kind: 'guestTicket', to: 'kai@example.org', uid: null, locale: 'en', params: { link: 'https://x/t' } }, new Date()));
    expect(send).toHaveBeenCalledTimes(1);
    const [queued] = await documents.collection(Mail).get();
    await documents.collection(Mail).doc(queued!.id).update({ status: 'sent' });
    expect(send).toHaveBeenCalledTimes(1);
    stop();
  });
});
