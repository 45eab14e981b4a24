import { describe, expect, it, vi } from 'vitest';
import { clientAddress } from './client-address';

const from = (headers: Record<string, string>) => clientAddress(new Headers(headers));

describe('client address', () => {
  it('is the entry the nearest proxy appended, not what the client wrote before it', () => {
    expect(from({ 'x-forwarded-for': '10.0.0.1, 203.0.113.7' })).toBe('203.0.113.7');
    expect(from({ 'x-real-ip': '203.0.113.8' })).toBe('203.0.113.8');
    expect(from({})).toBe('unknown');
  });

  it('writes an IPv4 address the same way whether or not it comes IPv6-mapped', () => {
    expect(from({ 'x-forwarded-for': '::ffff:203.0.113.7' })).toBe('203.0.113.7');
  });

  it('groups IPv6 clients by their /64, which one phone or household can pick addresses from', () => {
    const one = from({ 'x-forwarded-for': '2001:db8:0:12::1' });
    expect(one).toBe('2001:db8:0:12::/64');
    expect(from({ 'x-forwarded-for': '2001:0db8:0000:0012:abcd:ef01:2345:6789' })).toBe(one);
    expect(from({ 'x-forwarded-for': '2001:db8:0:13::1' })).not.toBe(one);
    expect(from({ 'x-forwarded-for': '::1' })).toBe('0:0:0:0::/64');
  });

  it('takes the address Firebase App Hosting names only where the setting says the server runs behind it', async () => {
    const withEnv = async (settings: Record<string, unknown>) => {
      vi.resetModules();
      vi.doMock('@/server/env', () => ({ env: settings }));
      const { clientAddress: address } = await import('./client-address');
      vi.doUnmock('@/server/env');
      return (headers: Record<string, string>) => address(new Headers(headers));
    };
    // App Hosting: its own hops follow the client in x-forwarded-for.
    const appHosting = await withEnv({ BACKEND: 'firebase', TRUST_APP_HOSTING_CLIENT_IP: true });
    expect(appHosting({ 'x-forwarded-for': '203.0.113.7, 35.191.0.1', 'x-fah-client-ip': '203.0.113.7' })).toBe('203.0.113.7');
    expect(appHosting({ 'x-forwarded-for': '203.0.113.7' })).toBe('203.0.113.7');
    // Plain Cloud Run: a client's own x-fah-client-ip (and its own x-forwarded-for entries) are
    // ignored; the entry Google's front end appended is the client.
    const cloudRun = await withEnv({ BACKEND: 'firebase', TRUST_APP_HOSTING_CLIENT_IP: false });
    // The log the module just loaded writes to (withEnv loads the modules afresh).
    const warnings: string[] = [];
    const stopReading = (await import('@/server/log')).readLog((line) => warnings.push(line));
    expect(cloudRun({ 'x-forwarded-for': '198.51.100.1, 203.0.113.7', 'x-fah-client-ip': '198.51.100.1' })).toBe('203.0.113.7');
    expect(cloudRun({ 'x-forwarded-for': '198.51.100.2, 203.0.113.7', 'x-fah-client-ip': '198.51.100.2' })).toBe('203.0.113.7');
    stopReading();
    expect(warnings.filter((line) => line.includes('x-fah-client-ip'))).toHaveLength(1);
    // The embedded backend never reads it.
    expect(from({ 'x-fah-client-ip': '198.51.100.1', 'x-forwarded-for': '203.0.113.7' })).toBe('203.0.113.7');
  });
});
