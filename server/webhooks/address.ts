import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { INTEGRATION_MESSAGES } from '@shared/integrations';

/**
 * PRODUCT.md §14: in production a webhook goes only to https:// URLs at public addresses — checked when the URL
 * is saved and again, on the address its name resolves to, at each delivery; the request then connects to
 * that checked address (dispatcher.ts), so a name that resolves anew cannot switch it to the internal network.
 * Outside production http:// and loopback are accepted, for testing.
 */

const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud metadata address
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64: an IPv4 address inside
  ['2001:db8::', 32], // documentation
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** True for an address on the public internet; false for loopback, private, link-local, CGNAT and the like. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  const lower = address.toLowerCase();
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isPublicAddress(mapped[1]);
  if (/^::ffff:/.test(lower)) return false;
  return !NOT_PUBLIC.check(address, 'ipv6');
}

export class WebhookAddressError extends Error {}

/** The URL's host without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The address to connect to for this URL: resolved once, every address checked (in production all of them
 * must be public, and the URL https). Throws WebhookAddressError with the screen's message when refused.
 */
export async function resolveWebhookAddress(
  rawUrl: string,
  production: boolean,
  resolve: (host: string) => Promise<{ address: string; family: number }[]> = (host) =>
    lookup(host, { all: true, verbatim: true }),
): Promise<{ address: string; family: 4 | 6 }> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new WebhookAddressError(INTEGRATION_MESSAGES.urlInvalid);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password)
    throw new WebhookAddressError(INTEGRATION_MESSAGES.urlInvalid);
  if (production && url.protocol !== 'https:')
    throw new WebhookAddressError(INTEGRATION_MESSAGES.urlNotHttps);
  const host = hostOf(url);
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await resolve(host).catch(() => []);
  if (addresses.length === 0) throw new WebhookAddressError(`Could not resolve ${host}`);
  if (production && !addresses.every((a) => isPublicAddress(a.address)))
    throw new WebhookAddressError(INTEGRATION_MESSAGES.urlNotPublic);
  const [first] = addresses;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
