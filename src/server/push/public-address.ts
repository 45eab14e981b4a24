// Whether a push may go to an address: only to the public internet. A push endpoint is a URL a
// browser handed us, so its host must never lead the server to itself, its network or a cloud
// metadata service (RFC 6890's special-purpose ranges, for IPv4 and IPv6).
import { BlockList, isIP } from 'node:net';

const SPECIAL_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

// Inside global unicast (2000::/3): the ranges that reach no one's public host, or reach an IPv4
// address we could not check (Teredo, 6to4).
const SPECIAL_IPV6: readonly (readonly [string, number])[] = [
  ['2001::', 23], // IETF protocol assignments, Teredo among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation
];

const specialIpv4 = new BlockList();
for (const [network, prefix] of SPECIAL_IPV4) specialIpv4.addSubnet(network, prefix, 'ipv4');
const specialIpv6 = new BlockList();
for (const [network, prefix] of SPECIAL_IPV6) specialIpv6.addSubnet(network, prefix, 'ipv6');
// Everything outside it is loopback, unspecified, unique-local, link-local, multicast or NAT64.
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

/** True for an IPv4 or IPv6 address on the public internet; false for anything else, text included. */
export function isPublicAddress(address: string): boolean {
  try {
    const family = isIP(address);
    if (family === 4) return !specialIpv4.check(address, 'ipv4');
    if (family !== 6) return false;
    // ::ffff:10.0.0.1 is 10.0.0.1 to the socket: judged by the IPv4 rules (BlockList maps it).
    if (ipv4Mapped.check(address, 'ipv6')) return !specialIpv4.check(address, 'ipv6');
    return globalUnicast.check(address, 'ipv6') && !specialIpv6.check(address, 'ipv6');
  } catch {
    // An address BlockList cannot read (an IPv6 zone such as fe80::1%eth0) is not a public one.
    return false;
  }
}
