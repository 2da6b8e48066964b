/**
 * What the NetworkPolicies of a rendered target allow, evaluated as a CNI does: a connection needs
 * the egress policies of its source and the ingress policies of its destination (when any select
 * them) to let it through. Policies select pods, so a connection to a pod's own address (a
 * headless Service) and one through a ClusterIP Service are judged alike.
 */
import { ofKind, selects, type K8sObject } from './targets';

type Dict = Record<string, unknown>;

/** One end of a connection: a pod (ours or in another namespace) or an address outside the cluster. */
export interface Endpoint {
  label: string;
  ns?: string;
  nsLabels?: Record<string, string>;
  podLabels?: Record<string, string>;
  ip?: string;
}

function ipInCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const n = (a: string) => a.split('.').reduce((acc, x) => acc * 256 + Number(x), 0);
  const mask = Number(bits) === 0 ? 0 : 2 ** 32 - 2 ** (32 - Number(bits));
  return (n(ip) & mask) >>> 0 === (n(base) & mask) >>> 0;
}

/** Whether a NetworkPolicy peer (from/to entry) matches an endpoint, seen from namespace `ns`. */
function peerMatches(peer: Dict, ep: Endpoint, ns: string): boolean {
  if (peer.ipBlock) {
    const b = peer.ipBlock as { cidr: string; except?: string[] };
    return Boolean(ep.ip && ipInCidr(ep.ip, b.cidr) && !(b.except ?? []).some((c) => ipInCidr(ep.ip!, c)));
  }
  if (!ep.ns) return false;
  if (peer.namespaceSelector) {
    if (!selects(peer.namespaceSelector as Dict, ep.nsLabels ?? {})) return false;
  } else if (ep.ns !== ns) return false;
  return peer.podSelector ? selects(peer.podSelector as Dict, ep.podLabels ?? {}) : true;
}

const portMatches = (rule: Dict, port: number, protocol: string) =>
  !rule.ports || (rule.ports as { port?: number; protocol?: string }[]).some((p) => (p.port === undefined || p.port === port) && (p.protocol ?? 'TCP') === protocol);

/** Whether the NetworkPolicies of a target let `from` open a connection to `to` on a port. */
export function allowed(objs: K8sObject[], from: Endpoint, to: Endpoint, port: number, protocol = 'TCP'): boolean {
  const ns = objs.find((o) => o.kind === 'Namespace')!.metadata.name;
  const policies = ofKind(objs, 'NetworkPolicy').map((p) => p.spec as Dict);
  const ours = (ep: Endpoint) => ep.ns === ns;
  const side = (type: 'Ingress' | 'Egress', self: Endpoint, other: Endpoint) => {
    const applying = policies.filter((p) => (p.policyTypes as string[]).includes(type) && selects(p.podSelector as Dict, self.podLabels ?? {}));
    if (!applying.length) return true;
    const key = type === 'Ingress' ? 'ingress' : 'egress';
    const peers = type === 'Ingress' ? 'from' : 'to';
    return applying.some((p) => ((p[key] ?? []) as Dict[]).some((r) => portMatches(r, port, protocol) && (!r[peers] || (r[peers] as Dict[]).some((peer) => peerMatches(peer, other, ns)))));
  };
  if (ours(to) && !side('Ingress', to, from)) return false;
  if (ours(from) && !side('Egress', from, to)) return false;
  return true;
}
