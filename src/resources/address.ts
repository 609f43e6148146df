// Decides whether an IP address is a public unicast address a template may reach.
import { isIPv4, isIPv6 } from 'node:net';

type Range = readonly [prefix: readonly number[], bits: number];

// Each range is the leading octets of the prefix and its length in bits.
const BLOCKED_V4: readonly Range[] = [
  [[0], 8], // "this network", includes 0.0.0.0
  [[10], 8],
  [[100, 64], 10], // carrier-grade NAT
  [[127], 8],
  [[169, 254], 16],
  [[172, 16], 12],
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay anycast
  [[192, 168], 16],
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24],
  [[203, 0, 113], 24],
  [[224], 4], // multicast
  [[240], 4], // reserved, includes 255.255.255.255
];

const BLOCKED_V6: readonly Range[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0], 128], // unspecified
  [[0, 0, 0, 0, 0, 0, 0, 1], 128], // loopback
  [[0x100], 64], // discard
  [[0x2001, 0], 32], // Teredo
  [[0x2001, 0x10], 28], // ORCHID
  [[0x2001, 0x20], 28], // ORCHIDv2
  [[0x2001, 0xdb8], 32], // documentation
  [[0xfc00], 7], // unique local
  [[0xfe80], 10], // link-local
  [[0xfec0], 10], // site-local (deprecated)
  [[0xff00], 8], // multicast
];

// IPv6 prefixes whose last 32 bits carry an IPv4 address that is the real destination.
const EMBEDS_V4: readonly Range[] = [
  [[0, 0, 0, 0, 0, 0xffff], 96], // IPv4-mapped
  [[0, 0, 0, 0, 0, 0], 96], // IPv4-compatible (deprecated)
  [[0x64, 0xff9b, 0, 0, 0, 0], 96], // NAT64
  [[0x64, 0xff9b, 1], 48], // local-use NAT64
];

/**
 * True when `address` (an IPv4 or IPv6 literal) is a public unicast address: not private,
 * loopback, link-local, unique-local, CGNAT, multicast, unspecified, reserved, nor any of
 * those wrapped in IPv6 (IPv4-mapped, NAT64, 6to4). Anything that does not parse is refused.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return !BLOCKED_V4.some((range) => inRange(parseV4(bare), 8, range));
  if (!isIPv6(bare)) return false;
  const groups = parseV6(bare);
  if (groups === null) return false;
  if (BLOCKED_V6.some((range) => inRange(groups, 16, range))) return false;
  if (EMBEDS_V4.some((range) => inRange(groups, 16, range))) return isPublicAddress(embeddedV4(groups, 6));
  // 6to4 (2002::/16) carries the IPv4 address in groups 1 and 2.
  if (groups[0] === 0x2002) return isPublicAddress(embeddedV4(groups, 1));
  return true;
}

function parseV4(address: string): number[] {
  return address.split('.').map(Number);
}

function parseV6(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = parseV4(dotted[1]);
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail].map((g) => parseInt(g, 16));
  return groups.some((g) => !(g >= 0 && g <= 0xffff)) ? null : groups;
}

function embeddedV4(groups: readonly number[], at: number): string {
  const hi = groups[at];
  const lo = groups[at + 1];
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

function inRange(parts: readonly number[], width: number, [prefix, bits]: Range): boolean {
  for (let i = 0; bits > 0; i++, bits -= width) {
    const take = Math.min(width, bits);
    const shift = width - take;
    if ((parts[i] ?? 0) >> shift !== (prefix[i] ?? 0) >> shift) return false;
  }
  return true;
}
