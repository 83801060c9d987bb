import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where the store may send a webhook: the one rule, checked when the owner saves an address and
 * again for every address the name resolves to when a delivery connects (a name can point at
 * the store's own network after it was saved). In production only https, and never a private,
 * loopback or link-local address (the store's database, its cloud's metadata service); outside
 * production http and the machine itself are allowed, so the owner's local receiver and the
 * tests work.
 */

export interface EndpointPolicy {
  /** Outside production: http, localhost and private addresses are allowed. */
  allowPrivate: boolean;
}

export type EndpointUrlProblem = 'invalid' | 'not-https' | 'private';

const blocked = new BlockList();
for (const [network, prefix] of [
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
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // NAT64 reaches IPv4 addresses. (IPv4 written as IPv6, ::ffff:127.0.0.1, is matched by
  // BlockList against the IPv4 rules above.)
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one no production webhook may reach. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return true;
  return blocked.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');
const localName = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || hostname.endsWith('.local');

/** The address as saved: an absolute http(s) URL without credentials, and in production public. */
export function checkEndpointUrl(
  raw: string,
  policy: EndpointPolicy,
): { ok: true; url: string } | { ok: false; problem: EndpointUrlProblem } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, problem: 'invalid' };
  if (url.username || url.password || !url.hostname) return { ok: false, problem: 'invalid' };
  if (policy.allowPrivate) return { ok: true, url: url.toString() };
  if (url.protocol !== 'https:') return { ok: false, problem: 'not-https' };
  const host = bare(url.hostname);
  if (localName(host) || (isIP(host) !== 0 && isPrivateAddress(host))) {
    return { ok: false, problem: 'private' };
  }
  return { ok: true, url: url.toString() };
}

/** Thrown at connection time when the name resolves to an address the policy refuses. */
export class PrivateAddressError extends Error {
  constructor(hostname: string) {
    super(`${hostname} resolves to a private or local address`);
    this.name = 'PrivateAddressError';
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that resolves as usual and refuses private addresses, so the
 * connection goes to the address that was checked (no second resolution to rebind).
 */
export function guardedLookup(policy: EndpointPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = !policy.allowPrivate && addresses.some((a) => isPrivateAddress(a.address));
      if (refused || addresses.length === 0) return callback(new PrivateAddressError(hostname), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first!.address, first!.family);
    });
  };
}

/** A literal IP in the URL is connected to without a lookup: checked here instead. */
export function refusesLiteralAddress(url: URL, policy: EndpointPolicy): boolean {
  const host = bare(url.hostname);
  return !policy.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host);
}
