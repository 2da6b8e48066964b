import { isIP } from 'node:net';

const v4ToInt = (ip: string) => ip.split('.').reduce((acc, o) => (acc << 8) + Number(o), 0) >>> 0;
const normalise = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/** True when `ip` is one of the rules: an exact address or an IPv4 CIDR block. Empty rules allow all. */
export function ipAllowed(rules: string[], rawIp: string): boolean {
  if (rules.length === 0) return true;
  const ip = normalise(rawIp);
  return rules.some((rule) => {
    const [base, bitsText] = rule.split('/');
    if (bitsText === undefined) return normalise(base!) === ip;
    const bits = Number(bitsText);
    if (isIP(ip) !== 4 || isIP(base!) !== 4 || !(bits >= 0 && bits <= 32)) return false;
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return (v4ToInt(ip) & mask) === (v4ToInt(base!) & mask);
  });
}
