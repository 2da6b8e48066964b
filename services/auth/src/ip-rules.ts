import { ipMatcher } from '@journal/server-kit';

/** True when `ip` is one of the rules: an address or a CIDR block, IPv4 or IPv6. Empty rules allow all. */
export function ipAllowed(rules: string[], rawIp: string): boolean {
  return rules.length === 0 || ipMatcher(rules)(rawIp);
}
