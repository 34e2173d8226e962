import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address stands for, as a limit should count it: an IPv4 address as it is
 * (an IPv4-mapped IPv6 address as its IPv4 form), an IPv6 address as its /64, the prefix one home or
 * phone is given, inside which it may pick a new address for every request. Anything else as given.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(address)) return address;
  const zoneless = address.split('%')[0]!;
  if (!isIPv6(zoneless)) return address;
  return `${expandIPv6(zoneless).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case and without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // A trailing dotted IPv4 part stands for the last two groups.
  const last = right.length ? right : left;
  const dotted = last.at(-1);
  if (dotted?.includes('.')) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16).toString(16));
}
