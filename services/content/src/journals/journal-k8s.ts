/**
 * The Kubernetes objects that put a journal's hosts on the shared edge, one set per journal so
 * that 500 journals never meet Gateway API's cap of 64 listeners per Gateway:
 * - a ListenerSet (Gateway API v1.5) attached to the shared Gateway, with one HTTPS listener per host;
 * - one cert-manager Certificate per host, whose Secret that host's listener serves;
 * - an HTTPRoute on those listeners to the web Service.
 * Pure: no I/O. `jp journal k8s` prints them for k8s/overlays/prod/journals/.
 */
import { checkHost } from '@journal/contracts';
import { AppError } from '@journal/server-kit';

export interface EdgeOptions {
  /** The shared Gateway the ListenerSets attach to (k8s/overlays/prod/gateway.yaml). */
  gateway: string;
  /** The cert-manager ClusterIssuer that signs the certificates. */
  issuer: string;
}

export const DEFAULT_EDGE: EdgeOptions = { gateway: 'journals', issuer: 'letsencrypt-prod' };

/** Gateway API: at most 64 listeners in one ListenerSet. */
const MAX_LISTENERS = 64;

export type Manifest = { apiVersion: string; kind: string; metadata: { name: string; labels: Record<string, string> }; spec: Record<string, unknown> };

/** The listener (and Certificate) name of a host: its dots as dashes, as the Gateway's listeners were named. */
export const listenerName = (host: string) => host.replace(/\./g, '-');

/**
 * The hosts as the edge needs them: valid DNS names with a dot (a public certificate needs a
 * domain), no IP address, no duplicate. A refusal is an AppError 400 naming the host.
 */
export function edgeHosts(hosts: readonly string[]): string[] {
  if (!hosts.length) throw new AppError(400, 'no_hosts', 'The journal has no host to route');
  const out: string[] = [];
  const names = new Map<string, string>();
  for (const raw of hosts) {
    const c = checkHost(raw);
    if (!c.ok) throw new AppError(400, 'invalid_host', c.problem);
    const host = c.host;
    if (!host.includes('.')) throw new AppError(400, 'invalid_host', `Host "${host}" has no domain: a public certificate needs a name such as ${host}.example.org`);
    if (/^[0-9.]+$/.test(host)) throw new AppError(400, 'invalid_host', `Host "${host}" is an IP address: route a host name`);
    if (out.includes(host)) throw new AppError(400, 'duplicate_host', `Host "${host}" is listed twice`);
    const name = listenerName(host);
    const other = names.get(name);
    if (other) throw new AppError(400, 'duplicate_host', `Hosts "${other}" and "${host}" would share the listener name ${name}`);
    names.set(name, host);
    out.push(host);
  }
  if (out.length > MAX_LISTENERS) throw new AppError(400, 'too_many_hosts', `A journal routes at most ${MAX_LISTENERS} hosts (one ListenerSet)`);
  return out;
}

/** The ListenerSet, Certificates and HTTPRoute of one journal. */
export function journalManifests(journal: { slug: string; hosts: readonly string[] }, edge: EdgeOptions = DEFAULT_EDGE): Manifest[] {
  const hosts = edgeHosts(journal.hosts);
  const name = `journal-${journal.slug}`;
  const labels = { 'journal.io/journal': journal.slug };
  const listenerSet: Manifest = {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'ListenerSet',
    metadata: { name, labels },
    spec: {
      parentRef: { group: 'gateway.networking.k8s.io', kind: 'Gateway', name: edge.gateway },
      listeners: hosts.map((host) => ({
        name: listenerName(host),
        hostname: host,
        protocol: 'HTTPS',
        port: 443,
        tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: `${listenerName(host)}-tls` }] },
        allowedRoutes: { namespaces: { from: 'Same' } },
      })),
    },
  };
  const certificates: Manifest[] = hosts.map((host) => ({
    apiVersion: 'cert-manager.io/v1',
    kind: 'Certificate',
    metadata: { name: listenerName(host), labels },
    spec: {
      secretName: `${listenerName(host)}-tls`,
      dnsNames: [host],
      issuerRef: { group: 'cert-manager.io', kind: 'ClusterIssuer', name: edge.issuer },
      privateKey: { algorithm: 'ECDSA', size: 256, rotationPolicy: 'Always' },
    },
  }));
  const route: Manifest = {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { name, labels },
    spec: {
      parentRefs: hosts.map((host) => ({ group: 'gateway.networking.k8s.io', kind: 'ListenerSet', name, sectionName: listenerName(host) })),
      hostnames: hosts,
      rules: [
        {
          backendRefs: [{ name: 'web', port: 8080 }],
          // Synchronous PDF downloads may take up to the gateway's PDF_PROXY_TIMEOUT_MS (120 s).
          timeouts: { request: '150s' },
        },
      ],
    },
  };
  return [listenerSet, ...certificates, route];
}

const PLAIN = /^[A-Za-z][A-Za-z0-9._/-]*$/;
const RESERVED = /^(true|false|yes|no|on|off|null|y|n|~)$/i;

/** YAML of plain data (what `journalManifests` returns): strings quoted unless plainly safe. */
export function toYaml(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    return value
      .map((v) => {
        const body = toYaml(v, `${indent}  `);
        return typeof v === 'object' && v !== null ? `${indent}- ${body.trimStart()}` : `${indent}- ${body}`;
      })
      .join('\n');
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([k, v]) => {
        if (typeof v === 'object' && v !== null) {
          if (Array.isArray(v) && !v.length) return `${indent}${k}: []`;
          return `${indent}${k}:\n${toYaml(v, `${indent}  `)}`;
        }
        return `${indent}${k}: ${toYaml(v, indent)}`;
      })
      .join('\n');
  }
  if (typeof value === 'string') return PLAIN.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value);
  return String(value);
}

/** The manifests as one multi-document YAML file, with a header saying where it goes. */
export function journalManifestsYaml(journal: { slug: string; hosts: readonly string[] }, edge: EdgeOptions = DEFAULT_EDGE): string {
  const docs = journalManifests(journal, edge).map((m) => toYaml(m));
  const header = [
    `# Journal ${journal.slug} on the shared Gateway: its HTTPS listeners (a ListenerSet), a certificate`,
    '# per host (cert-manager) and its route to the web pods. Written by `jp journal k8s`; save it as',
    `# k8s/overlays/prod/journals/${journal.slug}.yaml and list it in journals/kustomization.yaml.`,
  ].join('\n');
  return `${header}\n${docs.join('\n---\n')}\n`;
}
