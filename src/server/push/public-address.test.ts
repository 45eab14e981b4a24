import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address';

describe('a public address', () => {
  it.each([
    '8.8.8.8',
    '142.250.74.10',
    '93.184.215.14',
    '2a00:1450:4001:82a::200a',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
  ])('%s may receive a push', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['unspecified', '0.0.0.0'],
    ['"this network"', '0.1.2.3'],
    ['private', '10.0.0.1'],
    ['private', '172.16.5.4'],
    ['private', '172.31.255.255'],
    ['private', '192.168.178.1'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['carrier-grade NAT', '100.127.255.254'],
    ['loopback', '127.0.0.1'],
    ['loopback', '127.255.0.9'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['documentation', '192.0.2.7'],
    ['benchmarking', '198.18.0.1'],
    ['multicast', '224.0.0.251'],
    ['reserved', '240.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 unspecified', '::'],
    ['IPv6 loopback', '::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped private, in hex', '::ffff:a00:1'],
    ['IPv4-mapped link-local', '::ffff:169.254.169.254'],
    ['unique-local', 'fd12:3456:789a::1'],
    ['unique-local', 'fc00::1'],
    ['link-local', 'fe80::1'],
    ['link-local with a zone', 'fe80::1%eth0'],
    ['multicast', 'ff02::1'],
    ['NAT64 (reaches an IPv4 address unchecked)', '64:ff9b::7f00:1'],
    ['6to4', '2002:7f00:1::1'],
    ['Teredo', '2001:0:4136:e378::1'],
    ['documentation', '2001:db8::1'],
    ['not an address', 'localhost'],
    ['not an address', ''],
  ])('%s %s may not', (_, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
