import type { Request } from 'express';
import { isIP } from 'node:net';

const v4ToInt = (ip: string) => ip.split('.').reduce((acc, o) => (acc << 8) + Number(o), 0) >>> 0;
const plain = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

export function makeTrustCheck(list: string): (ip: string) => boolean {
  const rules = list.split(',').map((s) => s.trim()).filter(Boolean);
  return (raw) => {
    const ip = plain(raw);
    return rules.some((rule) => {
      const [base, bits] = rule.split('/');
      if (bits === undefined) return plain(base!) === ip;
      if (isIP(ip) !== 4 || isIP(base!) !== 4) return false;
      const n = Number(bits);
      const mask = n === 0 ? 0 : (~0 << (32 - n)) >>> 0;
      return (v4ToInt(ip) & mask) === (v4ToInt(base!) & mask);
    });
  };
}

/**
 * The client address: the socket peer, unless that peer is a trusted proxy (our nginx), in which
 * case the X-Real-IP it set. X-Forwarded-For is never read, so a client cannot choose its address.
 */
export function clientIp(req: Request, trusted: (ip: string) => boolean): string {
  const peer = req.socket.remoteAddress ?? '';
  if (!trusted(peer)) return plain(peer);
  const real = req.header('x-real-ip')?.trim();
  return real && isIP(real) ? plain(real) : plain(peer);
}
