import { isIP } from 'node:net';

/**
 * Which proxies in front of the server are believed when they name the client in X-Forwarded-For:
 * none (`false`), the last `n` hops, or the proxies at these addresses and ranges. The client's
 * address is then the right-most address not in the trusted set: each proxy appends the address it
 * was reached from, so everything left of what our own proxies wrote is the client's to invent.
 */
export type TrustProxy = false | number | readonly string[];

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` accepts beside addresses. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

const TRUE_REFUSED =
  'true would believe the left-most X-Forwarded-For address, which the client writes itself; ' +
  'give the number of proxies in front (1 for one reverse proxy) or their addresses (e.g. 10.0.0.0/8,loopback)';

function checkEntry(entry: string): string | undefined {
  if (RANGE_NAMES.has(entry)) return undefined;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0)
    return `"${entry}" is not an address, a CIDR range or ${[...RANGE_NAMES].join('/')}`;
  if (prefix === undefined) return undefined;
  const bits = Number(prefix);
  const max = family === 4 ? 32 : 128;
  if (!/^\d+$/.test(prefix) || bits < 1 || bits > max) return `"${entry}" has a prefix outside 1–${max}`;
  return undefined;
}

/** TRUST_PROXY as written: `false`, a hop count, or a comma-separated list of addresses and ranges. */
export function parseTrustProxy(
  text: string,
): { ok: true; value: TrustProxy } | { ok: false; problem: string } {
  const value = text.trim();
  if (value === '' || value === 'false' || value === '0') return { ok: true, value: false };
  if (value === 'true') return { ok: false, problem: TRUE_REFUSED };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) return { ok: false, problem: `at most ${MAX_HOPS} proxy hops` };
    return { ok: true, value: hops };
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const problems = entries.map(checkEntry).filter((p) => p !== undefined);
  if (problems.length > 0) return { ok: false, problem: problems.join('; ') };
  return { ok: true, value: entries };
}

/**
 * Fastify's `trustProxy` for our setting. A hop count is given as a function: Fastify 5 now trusts
 * nothing for a plain number (it cannot check who the nearest peer is), while a count here is the
 * operator saying the server is reachable only through that many proxies.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return [...trust];
}
