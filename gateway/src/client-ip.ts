import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { memoize } from '@journal/server-kit/cache';
import { ipMatcher, plainIp } from '@journal/server-kit/ip-match';

/**
 * Trusted proxies from a comma-separated list of addresses and CIDR blocks, IPv4 or IPv6. Answers
 * are remembered per address (the gateway's peers are a few nginx instances; the memo keeps the
 * 10,000 most recent addresses): checking a block list builds address objects on every call.
 */
export function makeTrustCheck(list: string): (ip: string) => boolean {
  const matches = ipMatcher(list.split(','));
  return memoize(10_000, matches);
}

/**
 * The client address: the socket peer, unless that peer is a trusted proxy (our nginx), in which
 * case the X-Real-IP it set. X-Forwarded-For is never read, so a client cannot choose its address.
 * `fromTrustedProxy` is the trust check's answer for this request's peer.
 */
export function clientIp(req: IncomingMessage, fromTrustedProxy: boolean): string {
  const peer = req.socket.remoteAddress ?? '';
  if (!fromTrustedProxy) return plainIp(peer);
  const raw = req.headers['x-real-ip'];
  const real = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return real && isIP(real) ? plainIp(real) : plainIp(peer);
}
