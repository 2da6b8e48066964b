/**
 * What the edge of a rendered prod overlay must hold, as a list of problems (empty: fine): the
 * shared Gateway takes ListenerSets of its namespace only; each journal's ListenerSet attaches to
 * it with at most 64 HTTPS listeners; every host is a valid DNS name, served by exactly one
 * listener, with a cert-manager Certificate for exactly that host, and routed by one HTTPRoute to
 * the web Service.
 */
import { checkHost } from '../../packages/contracts/src/journal-admin.schema';
import { find, ofKind, type K8sObject } from './targets';

type Listener = { name: string; hostname?: string; protocol: string; port: number; tls?: { mode?: string; certificateRefs?: { name: string; kind?: string }[] } };
type ParentRef = { group?: string; kind?: string; name: string; sectionName?: string };
type Route = K8sObject & { spec: { parentRefs: ParentRef[]; hostnames?: string[]; rules: { backendRefs?: { name: string; port: number }[]; filters?: { type: string }[] }[] } };
type ListenerSet = K8sObject & { spec: { parentRef: ParentRef; listeners: Listener[] } };
type Certificate = K8sObject & { spec: { secretName: string; dnsNames?: string[]; issuerRef: { kind?: string; name: string } } };

export const GATEWAY = 'journals';
const MAX_LISTENERS = 64;

export function routingProblems(objs: K8sObject[]): string[] {
  const problems: string[] = [];
  const gateway = find(objs, 'Gateway', GATEWAY);
  if (!gateway) return [`no Gateway ${GATEWAY}`];
  const gspec = gateway.spec as { listeners: Listener[]; allowedListeners?: { namespaces?: { from?: string } } };
  if (gspec.allowedListeners?.namespaces?.from !== 'Same') problems.push('the Gateway does not take the ListenerSets of its namespace (allowedListeners)');
  if (gspec.listeners.length > MAX_LISTENERS) problems.push(`the Gateway has ${gspec.listeners.length} listeners (at most ${MAX_LISTENERS})`);

  const sets = ofKind(objs, 'ListenerSet') as ListenerSet[];
  const certs = ofKind(objs, 'Certificate') as Certificate[];
  const routes = (ofKind(objs, 'HTTPRoute') as Route[]).filter((r) => r.spec.hostnames?.length);
  const web = find(objs, 'Service', 'web');
  const webPorts = ((web?.spec as { ports?: { port: number }[] } | undefined)?.ports ?? []).map((p) => p.port);
  /** host -> where it is served ("set/listener"). */
  const servedBy = new Map<string, string>();

  for (const s of sets) {
    const id = s.metadata.name;
    const p = s.spec.parentRef;
    if (p.name !== GATEWAY || (p.kind ?? 'Gateway') !== 'Gateway') problems.push(`${id}: attached to ${p.kind}/${p.name}, not Gateway/${GATEWAY}`);
    if (s.spec.listeners.length > MAX_LISTENERS) problems.push(`${id}: ${s.spec.listeners.length} listeners (at most ${MAX_LISTENERS})`);
    const names = new Set<string>();
    for (const l of s.spec.listeners) {
      if (names.has(l.name)) problems.push(`${id}: listener name ${l.name} twice`);
      names.add(l.name);
      const host = l.hostname ?? '';
      const check = checkHost(host);
      if (!check.ok || check.host !== host || !host.includes('.')) problems.push(`${id}/${l.name}: "${host}" is not a valid DNS host name`);
      const other = servedBy.get(host);
      if (other) problems.push(`host ${host} is served twice: ${other} and ${id}/${l.name}`);
      servedBy.set(host, `${id}/${l.name}`);
      if (l.protocol !== 'HTTPS' || l.port !== 443 || l.tls?.mode !== 'Terminate') problems.push(`${id}/${l.name}: not an HTTPS listener on 443 terminating TLS`);
      const tlsRef = l.tls?.certificateRefs?.[0]?.name;
      const cert = certs.find((c) => c.spec.secretName === tlsRef);
      if (!cert) problems.push(`${id}/${l.name}: no Certificate writes its Secret ${tlsRef}`);
      else if (JSON.stringify(cert.spec.dnsNames) !== JSON.stringify([host]) || cert.spec.issuerRef.kind !== 'ClusterIssuer') {
        problems.push(`Certificate ${cert.metadata.name}: not exactly ${host} from a ClusterIssuer`);
      }
    }
  }

  const routed = new Map<string, string>();
  for (const r of routes) {
    const id = r.metadata.name;
    for (const h of r.spec.hostnames!) {
      if (routed.has(h)) problems.push(`host ${h} is routed twice: ${routed.get(h)} and ${id}`);
      routed.set(h, id);
      if (!servedBy.has(h)) problems.push(`${id}: host ${h} has no listener`);
    }
    for (const ref of r.spec.parentRefs) {
      const set = ref.kind === 'ListenerSet' ? sets.find((s) => s.metadata.name === ref.name) : undefined;
      const l = set?.spec.listeners.find((x) => x.name === ref.sectionName);
      if (!l) problems.push(`${id}: parentRef ${ref.kind}/${ref.name}#${ref.sectionName} is no listener of a ListenerSet`);
      else if (!r.spec.hostnames!.includes(l.hostname!)) problems.push(`${id}: listener ${ref.name}#${ref.sectionName} serves ${l.hostname}, which the route does not name`);
    }
    for (const h of r.spec.hostnames!) {
      const on = servedBy.get(h);
      if (on && !r.spec.parentRefs.some((ref) => `${ref.name}/${ref.sectionName}` === on)) problems.push(`${id}: host ${h} is served by ${on}, which the route is not attached to`);
    }
    for (const rule of r.spec.rules) {
      for (const b of rule.backendRefs ?? []) {
        if (b.name !== 'web' || !webPorts.includes(b.port)) problems.push(`${id}: backend ${b.name}:${b.port} is not the web Service`);
      }
    }
  }
  for (const h of servedBy.keys()) if (!routed.has(h)) problems.push(`host ${h} has a listener but no route`);
  return problems;
}
