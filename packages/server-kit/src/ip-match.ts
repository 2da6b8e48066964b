import { BlockList, isIP } from 'node:net';

/** '::ffff:10.0.0.1' (an IPv4 peer on a dual-stack socket) → '10.0.0.1'; anything else unchanged. */
export const plainIp = (ip: string): string => {
  const s = String(ip ?? '').trim();
  return /^::ffff:/i.test(s) && isIP(s.slice(7)) === 4 ? s.slice(7) : s;
};

const family = (ip: string) => (isIP(ip) === 6 ? 'ipv6' : 'ipv4');

/** Adds one rule (an address or a CIDR block, IPv4 or IPv6) to the list; false when it is not one. */
function addRule(list: BlockList, raw: string): boolean {
  const [base = '', bitsText, extra] = raw.trim().split('/');
  const ip = plainIp(base);
  const v = isIP(ip);
  if (!v || extra !== undefined) return false;
  if (bitsText === undefined) {
    list.addAddress(ip, family(ip));
    return true;
  }
  if (!/^\d{1,3}$/.test(bitsText)) return false;
  const bits = Number(bitsText);
  if (bits > (v === 4 ? 32 : 128)) return false;
  list.addSubnet(ip, bits, family(ip));
  return true;
}

/** True when `rule` is an IPv4 or IPv6 address or CIDR block. */
export const isIpRule = (rule: string): boolean => addRule(new BlockList(), rule);

/**
 * A matcher for a list of addresses and CIDR blocks, IPv4 and IPv6 ('10.0.0.0/8', '2001:db8::/32',
 * '::1'). IPv4-mapped IPv6 addresses match their IPv4 rules. Rules that are neither are ignored.
 */
export function ipMatcher(rules: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  let any = false;
  for (const r of rules) if (r.trim() && addRule(list, r)) any = true;
  return (raw) => {
    if (!any) return false;
    const ip = plainIp(raw);
    return isIP(ip) !== 0 && list.check(ip, family(ip));
  };
}
