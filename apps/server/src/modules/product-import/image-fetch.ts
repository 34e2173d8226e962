import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Why an image URL of the products file could not be used, worded for the admin. */
export class ImageFetchError extends Error {}

export interface ImageFetchRules {
  maxBytes: number;
  /** The whole fetch, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /** Whether the fetcher may connect to this address; by default only public ones. */
  allowAddress?: (address: string) => boolean;
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

// Every address that is not the public internet: this machine, the private networks, link-local
// (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, documentation and reserved ranges.
const notPublic4 = new BlockList();
// Kept apart: a list holding ::ffff:0:0/96 would also match every IPv4 address checked against it.
const notPublic6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  notPublic4.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic6.addSubnet(net, bits, 'ipv6');

/** True for an address on the public internet (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !notPublic4.check(address, 'ipv4') : !notPublic6.check(address, 'ipv6');
}

/**
 * Fetches an image from an admin-given URL without letting it reach the shop's own network: http and
 * https only; the host's addresses checked after DNS resolution, in the lookup the socket itself
 * uses (so a second resolution cannot swap in another address); each redirect checked the same way;
 * an image content type, a size limit (declared and counted) and one timeout for it all.
 */
export async function fetchImage(url: string, rules: ImageFetchRules): Promise<Buffer> {
  const allow = rules.allowAddress ?? isPublicAddress;
  const deadline = Date.now() + rules.timeoutMs;
  let current = url;
  for (let hop = 0; hop <= rules.maxRedirects; hop++) {
    const answer = await fetchOnce(current, rules, allow, deadline);
    if ('redirect' in answer) {
      current = answer.redirect;
      continue;
    }
    return answer.body;
  }
  throw new ImageFetchError(`Image ${url}: more than ${rules.maxRedirects} redirects`);
}

function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ImageFetchError(`Image ${text}: not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ImageFetchError(`Image ${text}: only http and https URLs can be fetched`);
  if (url.username || url.password)
    throw new ImageFetchError(`Image ${text}: a URL with a password is refused`);
  return url;
}

function fetchOnce(
  text: string,
  rules: ImageFetchRules,
  allow: (address: string) => boolean,
  deadline: number,
): Promise<{ redirect: string } | { body: Buffer }> {
  const url = parseUrl(text);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const refused = () => new ImageFetchError(`Image ${text}: its address is not on the public internet`);
  // A literal address never goes through the lookup below.
  if (isIP(host) && !allow(host)) return Promise.reject(refused());
  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      if (addresses.length === 0 || addresses.some((a) => !allow(a.address)))
        return callback(refused(), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      callback(null, first!.address, first!.family);
    });
  };
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new ImageFetchError(`Image ${text}: took too long`));
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const request = get(url, { lookup, headers: { accept: [...IMAGE_TYPES].join(', ') } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        resolve({ redirect: new URL(response.headers.location, url).toString() });
        return;
      }
      const fail = (message: string) => {
        response.destroy();
        reject(new ImageFetchError(`Image ${text}: ${message}`));
      };
      if (status !== 200) return fail(`the server answered ${status}`);
      const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!IMAGE_TYPES.has(type))
        return fail(`not a JPEG, PNG, WebP, GIF or AVIF image (${type || 'no type'})`);
      const mb = `${rules.maxBytes / 1024 / 1024} MB`;
      if (Number(response.headers['content-length'] ?? 0) > rules.maxBytes) return fail(`larger than ${mb}`);
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > rules.maxBytes) fail(`larger than ${mb}`);
        else chunks.push(chunk);
      });
      response.on('end', () => resolve({ body: Buffer.concat(chunks) }));
      response.on('error', (err) => reject(new ImageFetchError(`Image ${text}: ${err.message}`)));
    });
    request.setTimeout(remaining, () => request.destroy(new ImageFetchError(`Image ${text}: took too long`)));
    request.on('error', (err) =>
      reject(err instanceof ImageFetchError ? err : new ImageFetchError(`Image ${text}: ${err.message}`)),
    );
  });
}
