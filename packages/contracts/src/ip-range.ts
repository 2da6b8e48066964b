/**
 * IP address ranges as institutions give them to publishers: one address, a CIDR block
 * (`192.0.2.0/24`, `2001:db8::/48`) or a first-last range (`192.0.2.10-192.0.2.99`), IPv4 or IPv6.
 * Pure and browser-safe: the admin form and the service read them with the same rules. An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is its IPv4 address.
 */
export interface IpRange {
  v: 4 | 6;
  lo: bigint;
  hi: bigint;
}

function v4(s: string): bigint | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255 || (p.length > 1 && p.startsWith('0'))) return null;
    n = (n << 8n) | BigInt(p);
  }
  return n;
}

function v6(s: string): bigint | null {
  if (!/^[0-9a-f:.]+$/i.test(s) || s.split('::').length > 2) return null;
  let tail4: bigint | null = null;
  let text = s;
  // An IPv4 address in the last 32 bits.
  const dot = /(?:^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dot) {
    tail4 = v4(dot[1]!);
    if (tail4 === null) return null;
    text = s.slice(0, s.length - dot[1]!.length) + '0:0';
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const groups = (x: string) => (x ? x.split(':') : []);
  const h = groups(head);
  const t = rest === undefined ? [] : groups(rest);
  const missing = 8 - h.length - t.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return null;
  const all = [...h, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...t];
  let n = 0n;
  for (const g of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    n = (n << 16n) | BigInt(parseInt(g, 16));
  }
  return tail4 === null ? n : (n & ~0xffffffffn) | tail4;
}

/** One address as a number and its family, or null when it is not an address. */
export function ipAddress(raw: string): { v: 4 | 6; n: bigint } | null {
  const s = raw.trim();
  const a = v4(s);
  if (a !== null) return { v: 4, n: a };
  const b = s.includes(':') ? v6(s) : null;
  if (b === null) return null;
  if (b >> 32n === 0xffffn) return { v: 4, n: b & 0xffffffffn };
  return { v: 6, n: b };
}

/** A range as written (address, CIDR block or first-last), or null when it is none of them. */
export function ipRange(raw: string): IpRange | null {
  const s = raw.trim();
  const dash = s.indexOf('-');
  if (dash > 0) {
    const a = ipAddress(s.slice(0, dash));
    const b = ipAddress(s.slice(dash + 1));
    return a && b && a.v === b.v && a.n <= b.n ? { v: a.v, lo: a.n, hi: b.n } : null;
  }
  const [base = '', bits, extra] = s.split('/');
  const a = ipAddress(base);
  if (!a || extra !== undefined) return null;
  if (bits === undefined) return { v: a.v, lo: a.n, hi: a.n };
  const width = a.v === 4 ? 32 : 128;
  // A mapped IPv4 block is written with IPv6 bits.
  const size = a.v === 4 && base.includes(':') ? Number(bits) - 96 : Number(bits);
  if (!/^\d{1,3}$/.test(bits) || size < 0 || size > width) return null;
  const host = (1n << BigInt(width - size)) - 1n;
  return { v: a.v, lo: a.n & ~host, hi: (a.n & ~host) | host };
}

/** Whether two ranges share an address. */
export const ipRangesOverlap = (a: IpRange, b: IpRange) => a.v === b.v && a.lo <= b.hi && b.lo <= a.hi;

/** How many ranges one institution may list. */
export const MAX_IP_RANGES = 500;
