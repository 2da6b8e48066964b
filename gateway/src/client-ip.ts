import type { Request } from 'express';
import { isIP } from 'node:net';
import { ipMatcher, plainIp } from '@journal/server-kit';

/** Trusted proxies from a comma-separated list of addresses and CIDR blocks, IPv4 or IPv6. */
export function makeTrustCheck(list: string): (ip: string) => boolean {
  return ipMatcher(list.split(','));
}

/**
 * The client address: the socket peer, unless that peer is a trusted proxy (our nginx), in which
 * case the X-Real-IP it set. X-Forwarded-For is never read, so a client cannot choose its address.
 */
export function clientIp(req: Request, trusted: (ip: string) => boolean): string {
  const peer = req.socket.remoteAddress ?? '';
  if (!trusted(peer)) return plainIp(peer);
  const real = req.header('x-real-ip')?.trim();
  return real && isIP(real) ? plainIp(real) : plainIp(peer);
}
