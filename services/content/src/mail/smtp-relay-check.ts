import { lookup } from 'node:dns/promises';
import { ipMatcher } from '@journal/server-kit';

/**
 * docs/operations.md#email: in Kubernetes the mail worker may connect to SMTP_RELAY_CIDR alone
 * (its egress policy is made from the same value). A relay host outside that range would fail
 * every send with a connection timeout and nothing pointing at the policy: say so at start.
 * Returns the problem, or '' (no range set, or the host inside it).
 */
export async function smtpRelayProblem(host: string, cidr: string, resolve: (h: string) => Promise<string[]> = resolveAll): Promise<string> {
  if (!cidr.trim()) return '';
  const inside = ipMatcher([cidr]);
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch (err) {
    return `SMTP_HOST ${host} does not resolve (${(err as Error).message})`;
  }
  if (addresses.some(inside)) return '';
  return `SMTP_HOST ${host} (${addresses.join(', ')}) is outside SMTP_RELAY_CIDR ${cidr}: the mail worker's egress policy will block every send; set both to the relay's`;
}

const resolveAll = async (host: string) => (await lookup(host, { all: true })).map((a) => a.address);
