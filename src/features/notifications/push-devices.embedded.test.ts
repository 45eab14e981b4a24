import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { DomainError } from '@/server/domain-error';
import { createContextInner } from '@/server/trpc/context';
import { createCaller } from '@/app/_server/router';
import { pushDevicesContract } from './push-devices.contract';
import { PushDevices } from './push-devices';

pushDevicesContract('embedded', {
  open: async () => {
    const documents = new SqliteDocuments(':memory:');
    return { documents, close: () => documents.close() };
  },
});

describe('push.register', () => {
  it('answers an endpoint that is no browser push service with 400 and a reason both languages explain', async () => {
    const documents = new SqliteDocuments(':memory:');
    const identity = { uid: 'ada', email: 'ada@example.org', emailVerified: true, displayName: 'Ada', photoURL: null, role: 'user' as const };
    const api = createCaller(createContextInner({ documents, identity }));
    const target = { kind: 'webpush' as const, endpoint: 'https://169.254.169.254/latest/meta-data', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } };
    const refusal = await api.push.register({ target, lang: 'en' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TRPCError);
    expect(refusal).toMatchObject({ code: 'BAD_REQUEST', cause: expect.any(DomainError) });
    expect((refusal as TRPCError).cause).toMatchObject({ reason: 'pushServiceUnknown', field: 'target.endpoint' });
    expect(en.Errors.reasons.pushServiceUnknown).toMatch(/push messages/);
    expect(de.Errors.reasons.pushServiceUnknown).toMatch(/Push-Nachrichten/);
    expect(await documents.collection(PushDevices).get()).toEqual([]);
    await documents.close();
  });
});
