// What signing out forgets on this device of the features above identity: the door's pass and
// lists, then push, in that order and each whatever became of the other (the browser tests in
// e2e/shared-device.spec.ts sign out on a real phone profile); and how many of the person's door
// scans still wait on the phone, which the sign-out asks about first.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_RECORD_KEY } from '@/features/notifications/constants';

const device = vi.hoisted(() => ({ steps: [] as string[], stored: new Map<string, string>(), passesFail: false, waiting: new Map<string, number>(), queueFails: false }));

vi.mock('@/features/door/client/pass-store', () => ({
  forgetPasses: async () => {
    if (device.passesFail) throw new Error('IndexedDB is gone');
    device.steps.push('passes');
  },
}));
vi.mock('@/features/door/client/door-store', () => ({
  forgetDoorLists: async () => void device.steps.push('door lists'),
  queuedFor: async (uid: string) => {
    if (device.queueFails) throw new Error('IndexedDB is gone');
    return device.waiting.get(uid) ?? 0;
  },
}));
vi.mock('@/features/notifications/client/push-registration', () => ({ disablePush: async (client: unknown) => void device.steps.push(`push off through ${String(client)}`) }));
vi.mock('@/trpc/browser-client', () => ({ browserTrpcClient: () => 'the browser client' }));
// Only the context it provides; the hook's router is the browser's.
vi.mock('@/features/identity/client/useSignOut', async () => ({ DeviceForgetting: (await import('react')).createContext(null) }));

const { forgetThisDevice, scansWaitingFor } = await import('./ForgetThisDevice');

describe('forgetThisDevice', () => {
  beforeEach(() => {
    device.steps = [];
    device.stored.clear();
    device.passesFail = false;
    device.waiting.clear();
    device.queueFails = false;
    vi.stubGlobal('localStorage', { getItem: (key: string) => device.stored.get(key) ?? null });
  });

  it('forgets the pass and the door’s lists, then turns push off where push was ever on', async () => {
    device.stored.set(PUSH_RECORD_KEY, '{}');
    await forgetThisDevice();
    expect(device.steps.slice(0, 2).sort()).toEqual(['door lists', 'passes']);
    expect(device.steps.slice(2)).toEqual(['push off through the browser client']);
  });

  it('leaves push alone where it was never on', async () => {
    await forgetThisDevice();
    expect(device.steps.sort()).toEqual(['door lists', 'passes']);
  });

  it('still turns push off when the door’s stores could not be emptied, and says so', async () => {
    device.stored.set(PUSH_RECORD_KEY, '{}');
    device.passesFail = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await forgetThisDevice();
    expect(logged).toHaveBeenCalledWith('Forgetting the pass or the door list on sign-out failed:', expect.any(Error));
    expect(device.steps).toContain('push off through the browser client');
    logged.mockRestore();
  });

  it('counts the scans of the person signing out that wait on this phone, not another person’s', async () => {
    device.waiting.set('alex', 3).set('sam', 1);
    expect(await scansWaitingFor('alex')).toBe(3);
    expect(await scansWaitingFor('kim')).toBe(0);
  });

  it('holds up no sign-out when the door’s queue cannot be read, and says so', async () => {
    device.queueFails = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await scansWaitingFor('alex')).toBe(0);
    expect(logged).toHaveBeenCalledWith('Counting the door’s waiting scans on sign-out failed:', expect.any(Error));
    logged.mockRestore();
  });
});
