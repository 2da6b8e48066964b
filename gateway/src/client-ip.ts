import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { ipMatcher, plainIp } from '@journal/server-kit';

/** Trusted proxies from a comma-separated list of addresses and CIDR blocks, IPv4 or IPv6. */
export function makeTrustCheck(list: string): (ip: string) => boolean {
  return ipMatcher(list.split(','));
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
