/**
 * What the rendered manifests promise an SRE: hardened pods, shutdown time that covers the drain,
 * one autoscaler per Deployment, selectors that select, and a network where every connection,
 * in and out, is one the architecture needs: the edge reaches web, web the gateway, the gateway
 * the services, only the services the datastores, Prometheus the metrics ports, and no pod the
 * internet, the cloud metadata address or the API server.
 */
import {
  TARGETS, TARGET_HAS, containers, envOf, find, objectsOf, ofKind, podLabelsOf, podSpecOf, selects, workloads,
  type K8sObject, type Target,
} from './targets';
import { routingProblems } from './routing';
import { allowed, type Endpoint } from './network';

type Dict = Record<string, unknown>;
const cpuMillis = (v: unknown) => (String(v).endsWith('m') ? Number(String(v).slice(0, -1)) : Number(v) * 1000);
const bytes = (v: unknown) => {
  const m = /^(\d+)(Mi|Gi|Ki)?$/.exec(String(v));
  if (!m) throw new Error(`unexpected quantity ${String(v)}`);
  return Number(m[1]) * ({ Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 }[m[2] as 'Ki' | 'Mi' | 'Gi'] ?? 1);
};

describe.each(TARGETS)('%s: pods', (target) => {
  const objs = objectsOf(target);

  test('every pod runs non-root under the restricted Pod Security profile', () => {
    for (const w of workloads(objs)) {
      const spec = podSpecOf(w);
      const psc = spec.securityContext as Dict;
      expect([w.metadata.name, psc.runAsNonRoot]).toEqual([w.metadata.name, true]);
      expect(psc.runAsUser).toBeGreaterThan(0);
      expect((psc.seccompProfile as Dict).type).toBe('RuntimeDefault');
      expect(spec.automountServiceAccountToken).toBe(false);
      for (const c of spec.containers) {
        const sc = c.securityContext as Dict;
        expect([c.name, sc.allowPrivilegeEscalation, sc.readOnlyRootFilesystem]).toEqual([c.name, false, true]);
        expect((sc.capabilities as Dict).drop).toEqual(['ALL']);
      }
    }
  });

  test('every container has CPU and memory requests and limits, requests within limits', () => {
    for (const w of workloads(objs)) {
      for (const c of containers(w)) {
        const { requests, limits } = c.resources ?? {};
        expect([c.name, Boolean(requests?.cpu && requests?.memory && limits?.cpu && limits?.memory)]).toEqual([c.name, true]);
        expect(cpuMillis(requests!.cpu)).toBeLessThanOrEqual(cpuMillis(limits!.cpu));
        expect(bytes(requests!.memory)).toBeLessThanOrEqual(bytes(limits!.memory));
      }
    }
  });

  test('a read-only root filesystem leaves /tmp writable for the Node processes', () => {
    for (const d of ofKind(objs, 'Deployment')) {
      const spec = podSpecOf(d);
      for (const c of spec.containers) {
        const tmp = c.volumeMounts?.find((m) => m.mountPath === '/tmp');
        expect([c.name, Boolean(tmp)]).toEqual([c.name, true]);
        expect(spec.volumes!.find((v) => v.name === tmp!.name)!.emptyDir).toBeDefined();
      }
    }
  });

  test('the pdf worker has room for Chromium: /dev/shm in memory and a writable home', () => {
    const spec = podSpecOf(find(objs, 'Deployment', 'pdf-worker')!);
    const shm = spec.containers[0].volumeMounts!.find((m) => m.mountPath === '/dev/shm')!;
    expect((spec.volumes!.find((v) => v.name === shm.name)!.emptyDir as Dict).medium).toBe('Memory');
  });

  test('terminationGracePeriodSeconds covers the preStop pause and the drain (SHUTDOWN_GRACE_MS)', () => {
    for (const d of ofKind(objs, 'Deployment')) {
      const spec = podSpecOf(d);
      for (const c of spec.containers) {
        const env = envOf(objs, c);
        const pause = Number(c.lifecycle?.preStop?.exec?.command?.[0] === 'sleep' ? c.lifecycle.preStop.exec.command[1] : 0);
        const grace = env.SHUTDOWN_GRACE_MS ? Number(env.SHUTDOWN_GRACE_MS) / 1000 : 0;
        expect([d.metadata.name, spec.terminationGracePeriodSeconds! >= pause + grace + 5]).toEqual([d.metadata.name, true]);
      }
    }
    // The worker lets active renders finish before exit: give it well over one render timeout.
    const worker = find(objs, 'Deployment', 'pdf-worker')!;
    const wenv = envOf(objs, podSpecOf(worker).containers[0]);
    expect(podSpecOf(worker).terminationGracePeriodSeconds! * 1000).toBeGreaterThan(2 * Number(wenv.PDF_RENDER_TIMEOUT_MS));
  });

  test('rolling updates never take a serving pod away before its replacement is ready', () => {
    for (const d of ofKind(objs, 'Deployment')) {
      const ru = ((d.spec as Dict).strategy as Dict).rollingUpdate as Dict;
      expect([d.metadata.name, ru.maxUnavailable]).toEqual([d.metadata.name, 0]);
    }
  });
});

/** The autoscalers of a target: [kind/name, target Deployment]. */
function autoscalers(objs: K8sObject[]): [string, string][] {
  return [
    ...ofKind(objs, 'HorizontalPodAutoscaler').map((h) => [`HPA/${h.metadata.name}`, ((h.spec as Dict).scaleTargetRef as Dict).name as string] as [string, string]),
    ...ofKind(objs, 'ScaledObject').map((s) => [`ScaledObject/${s.metadata.name}`, ((s.spec as Dict).scaleTargetRef as Dict).name as string] as [string, string]),
  ];
}

describe.each(TARGETS)('%s: scaling', (target) => {
  const objs = objectsOf(target);
  const scalers = autoscalers(objs);

  test('no Deployment has two autoscalers (KEDA and an HPA would fight)', () => {
    const targets = scalers.map(([, t]) => t);
    expect(targets.filter((t, i) => targets.indexOf(t) !== i)).toEqual([]);
  });

  test('every autoscaler targets an existing Deployment that leaves replicas to it', () => {
    for (const [, name] of scalers) {
      const d = find(objs, 'Deployment', name);
      expect(d).toBeDefined();
      expect([name, (d!.spec as Dict).replicas]).toEqual([name, undefined]);
    }
  });

  test('the gateway, content and the render process scale on CPU', () => {
    for (const name of ['gateway', 'content', 'render']) {
      const hpa = find(objs, 'HorizontalPodAutoscaler', name)!;
      expect(((hpa.spec as Dict).scaleTargetRef as Dict).name).toBe(name);
      expect(JSON.stringify((hpa.spec as Dict).metrics)).toContain('"name":"cpu"');
    }
  });

  test('the pdf worker Deployment is the one `kubectl scale deployment/pdf-worker` finds', () => {
    const d = find(objs, 'Deployment', 'pdf-worker')!;
    expect(containers(d)[0].args).toEqual(['node', 'dist/worker.main.js']);
  });

  const expected: Record<Target, string | undefined> = {
    'overlays/dev': undefined,
    'overlays/prod': 'ScaledObject/pdf-worker',
  };
  test(`pdf-worker is scaled by ${expected[target] ?? 'hand only (kubectl scale)'}`, () => {
    expect(scalers.filter(([, t]) => t === 'pdf-worker').map(([s]) => s)).toEqual(expected[target] ? [expected[target]] : []);
  });

  test(TARGET_HAS[target].keda ? 'the KEDA ScaledObject scales on the queue depth only' : 'there is no KEDA ScaledObject', () => {
    const so = find(objs, 'ScaledObject', 'pdf-worker');
    if (!TARGET_HAS[target].keda) return expect(so).toBeUndefined();
    expect(so).toBeDefined();
    const spec = so!.spec as Dict;
    const triggers = spec.triggers as { type: string; metadata: Record<string, string>; metricType?: string }[];
    const redis = triggers.filter((t) => t.type === 'redis');
    expect(redis).toHaveLength(2);
    for (const t of redis) {
      // KEDA's documented fields of the redis (lists) scaler.
      expect(Object.keys(t.metadata).every((k) => ['address', 'listName', 'listLength', 'activationListLength', 'databaseIndex', 'enableTLS', 'unsafeSsl', 'usernameFromEnv', 'passwordFromEnv', 'addressFromEnv'].includes(k))).toBe(true);
      expect(t.metadata.address).toMatch(/^[a-z0-9.-]+:\d+$/);
      expect(Number(t.metadata.listLength)).toBeGreaterThan(0);
    }
    // A CPU trigger would add workers for one long job and say nothing about the work waiting.
    expect(triggers.map((t) => t.type)).toEqual(['redis', 'redis']);
    // With only AverageValue triggers, KEDA's fallback holds workers while Redis cannot be read.
    expect(triggers.every((t) => (t.metricType ?? 'AverageValue') === 'AverageValue')).toBe(true);
    expect((spec.fallback as { replicas: number }).replicas).toBeGreaterThanOrEqual(1);
    expect(spec.minReplicaCount).toBeGreaterThanOrEqual(1);
  });
});

describe.each(TARGETS)('%s: selectors select', (target) => {
  const objs = objectsOf(target);
  const pods = workloads(objs).map((w) => ({ name: w.metadata.name, labels: podLabelsOf(w) }));

  test('each workload selects its own pods and only them', () => {
    for (const w of workloads(objs)) {
      const sel = (w.spec as Dict).selector as Dict;
      expect(pods.filter((p) => selects(sel, p.labels)).map((p) => p.name)).toEqual([w.metadata.name]);
    }
  });

  test('each Service selects pods that have its target ports', () => {
    for (const s of ofKind(objs, 'Service')) {
      const spec = s.spec as { selector: Record<string, string>; ports: { targetPort: unknown }[] };
      const ws = workloads(objs).filter((w) => selects({ matchLabels: spec.selector }, podLabelsOf(w)));
      expect([s.metadata.name, ws.length]).toEqual([s.metadata.name, 1]);
      for (const p of spec.ports) {
        const ports = containers(ws[0]).flatMap((c) => c.ports ?? []);
        expect(ports.some((cp) => cp.name === p.targetPort || cp.containerPort === p.targetPort)).toBe(true);
      }
    }
  });

  test('each PodDisruptionBudget covers a workload and still lets a drain proceed', () => {
    for (const pdb of ofKind(objs, 'PodDisruptionBudget')) {
      const spec = pdb.spec as Dict;
      expect(pods.filter((p) => selects(spec.selector as Dict, p.labels))).toHaveLength(1);
      expect(spec.maxUnavailable).toBe(1);
    }
    for (const name of ['gateway', 'content', 'content-staff', 'auth', 'worklog', 'pdf-api', 'pdf-worker', 'mail-worker', 'edge-purger', 'render', 'web']) {
      expect(find(objs, 'PodDisruptionBudget', name)).toBeDefined();
    }
  });

  test('every NetworkPolicy selector selects at least one pod', () => {
    expect(ofKind(objs, 'NetworkPolicy').length).toBeGreaterThan(5);
    for (const np of ofKind(objs, 'NetworkPolicy')) {
      const spec = np.spec as Dict;
      const own = spec.podSelector as Dict;
      // cert-manager's HTTP-01 solver pods come and go with each certificate order.
      const solver = ((own.matchLabels ?? {}) as Record<string, string>)['acme.cert-manager.io/http01-solver'] === 'true';
      if (Object.keys(own).length && !solver) expect([np.metadata.name, pods.some((p) => selects(own, p.labels))]).toEqual([np.metadata.name, true]);
      for (const rule of [...((spec.ingress ?? []) as Dict[]), ...((spec.egress ?? []) as Dict[])]) {
        for (const peer of [...((rule.from ?? []) as Dict[]), ...((rule.to ?? []) as Dict[])]) {
          if (peer.podSelector && !peer.namespaceSelector) {
            expect([np.metadata.name, pods.some((p) => selects(peer.podSelector as Dict, p.labels))]).toEqual([np.metadata.name, true]);
          }
        }
      }
    }
  });
});

const nsEndpoint = (label: string, ns: string, extra: Record<string, string> = {}, podLabels: Record<string, string> = {}): Endpoint => ({
  label, ns, nsLabels: { 'kubernetes.io/metadata.name': ns, ...extra }, podLabels,
});
/** Namespaces labelled as docs/operations.md tells the SRE, and one that is not. */
const EDGE = nsEndpoint('ns:edge', 'envoy-gateway-system', { 'journal.io/edge': 'true' }, { 'app.kubernetes.io/name': 'envoy' });
const MONITORING = nsEndpoint('ns:monitoring', 'monitoring', { 'journal.io/monitoring': 'true' }, { 'app.kubernetes.io/name': 'prometheus' });
const KEDA = nsEndpoint('ns:keda', 'keda', {}, { app: 'keda-operator' });
const OTHER = nsEndpoint('ns:default', 'default', {}, { app: 'anything' });
const DNS = nsEndpoint('dns', 'kube-system', {}, { 'k8s-app': 'kube-dns' });
const OUTSIDE: Endpoint[] = [
  { label: 'internet', ip: '93.184.216.34' },
  { label: 'cloud-metadata', ip: '169.254.169.254' },
  { label: 'api-server', ip: '10.96.0.1' },
];


describe.each(TARGETS)('%s: who may talk to whom', (target) => {
  const objs = objectsOf(target);
  const ns = objs.find((o) => o.kind === 'Namespace')!.metadata.name;
  const pods: Endpoint[] = workloads(objs).map((w) => ({ label: w.metadata.name, ns, nsLabels: { 'kubernetes.io/metadata.name': ns }, podLabels: podLabelsOf(w) }));
  const pod = (name: string) => pods.find((p) => p.label === name)!;
  const portOf = (name: string) => containers(workloads(objs).find((w) => w.metadata.name === name)!)[0].ports![0].containerPort;
  const callers = (to: string) =>
    [...pods, EDGE, MONITORING, KEDA, OTHER].filter((from) => from.label !== to && allowed(objs, from, pod(to), portOf(to))).map((e) => e.label).sort();
  /** Where a pod of ours may connect: our pods on their ports, DNS, the datastores of prod, the outside. */
  const external = target === 'overlays/prod'
    ? [{ label: 'mongodb', ip: '10.20.0.5', port: 27017 }, { label: 'redis', ip: '10.20.1.3', port: 6380 }]
    : [];
  const destinations = (from: string) => [
    ...pods.filter((p) => p.label !== from && allowed(objs, pod(from), p, portOf(p.label))).map((p) => p.label),
    ...(allowed(objs, pod(from), DNS, 53, 'UDP') ? ['dns'] : []),
    ...external.filter((e) => allowed(objs, pod(from), { label: e.label, ip: e.ip }, e.port)).map((e) => e.label),
    ...OUTSIDE.filter((o) => [80, 443, 6443, 27017, 6379, 6380].some((p) => allowed(objs, pod(from), o, p))).map((o) => o.label),
  ].sort();

  test('only the edge (Gateway data plane) reaches the web pods', () => {
    expect(callers('web')).toEqual(['ns:edge']);
  });
  test('only the web pods reach the gateway (and Prometheus its metrics port)', () => {
    expect(callers('gateway')).toEqual(['ns:monitoring', 'web']);
  });
  test.each(['auth', 'render', 'content-staff'])('only the gateway and Prometheus reach %s', (svc) => {
    expect(callers(svc)).toEqual(['gateway', 'ns:monitoring']);
  });
  test('only the gateway, Prometheus and the content service (submission events as entries) reach the work-log', () => {
    expect(callers('worklog')).toEqual(['content', 'content-staff', 'gateway', 'ns:monitoring']);
  });
  test('only the gateway, Prometheus and the mail worker (the delivery email\'s documents) reach the pdf API', () => {
    expect(callers('pdf-api')).toEqual(['gateway', 'mail-worker', 'ns:monitoring']);
  });
  test('only the gateway, the pdf API and the render process reach content', () => {
    expect(callers('content')).toEqual(['gateway', 'ns:monitoring', 'pdf-api', 'render']);
  });
  test.each(['pdf-worker', 'mail-worker', 'edge-purger'])('nothing but Prometheus (and kubelet probes) reaches %s', (worker) => {
    expect(callers(worker)).toEqual(['ns:monitoring']);
  });
  test('only the mail worker reaches the SMTP relay the overlay configures, and only on the submission ports', () => {
    const env = envOf(objs, containers(workloads(objs).find((w) => w.metadata.name === 'mail-worker')!)[0]);
    const cidr = env.SMTP_RELAY_CIDR ?? '';
    // Set by the overlay (never the base's documentation address), the same range in the egress rule.
    expect(cidr).toMatch(/^[0-9a-f.:]+\/\d+$/);
    expect(['192.0.2.', '198.51.100.', '203.0.113.'].some((doc) => cidr.startsWith(doc))).toBe(false);
    const rule = find(objs, 'NetworkPolicy', 'mail-worker-smtp-egress')!.spec as { egress: { to: { ipBlock?: { cidr: string } }[] }[] };
    expect(rule.egress.flatMap((e) => e.to.map((t) => t.ipBlock?.cidr))).toEqual([cidr]);
    const relay = { label: 'smtp-relay', ip: cidr.split('/')[0]! };
    expect(pods.filter((p) => [587, 465].some((port) => allowed(objs, p, relay, port))).map((p) => p.label)).toEqual(['mail-worker']);
    expect([25, 443, 80].some((port) => allowed(objs, pod('mail-worker'), relay, port))).toBe(false);
    // The relay's port is one the rule opens.
    expect(['587', '465']).toContain(env.SMTP_PORT);
  });
  test('only the services (and KEDA, for the queue length; the gateway and the render process, for the edge cache keys and the change feed) reach MongoDB and Redis', () => {
    const services = ['auth', 'content', 'content-staff', 'edge-purger', 'mail-worker', 'pdf-api', 'pdf-worker', 'worklog'];
    const inCluster = TARGET_HAS[target].inClusterDatastores;
    expect(pods.filter((p) => p.label === 'mongodb' || p.label === 'redis').map((p) => p.label).sort()).toEqual(inCluster ? ['mongodb', 'redis'] : []);
    // Managed datastores (prod): no in-cluster edge Redis either; the policies' egress to the managed addresses is checked below.
    if (!inCluster) return expect(pods.some((p) => p.label === 'redis-edge')).toBe(false);
    expect(callers('mongodb')).toEqual(services);
    const keda = TARGET_HAS[target].keda ? ['ns:keda'] : [];
    expect(callers('redis')).toEqual([...services, 'gateway', 'render', ...keda].sort());
    // The edge records' Redis: the gateway writes them, the content service's purger reads them.
    expect(callers('redis-edge')).toEqual(['content', 'content-staff', 'edge-purger', 'gateway']);
  });

  // In-cluster pods (dev) or the managed datastores' addresses (prod).
  const datastores = ['mongodb', 'redis'];
  const edgeRecords = TARGET_HAS[target].inClusterDatastores ? ['redis-edge'] : [];
  const egress: Record<string, string[]> = {
    'pdf-worker': ['dns', ...datastores],
    'mail-worker': ['dns', 'pdf-api', ...datastores],
    'edge-purger': ['dns', ...datastores, ...edgeRecords],
    'pdf-api': ['content', 'dns', ...datastores],
    render: ['content', 'dns', 'redis'],
    gateway: ['auth', 'content', 'content-staff', 'dns', 'pdf-api', 'redis', 'render', 'worklog', ...edgeRecords],
    web: ['dns', 'gateway'],
    content: ['dns', 'worklog', ...datastores, ...edgeRecords],
    'content-staff': ['dns', 'worklog', ...datastores, ...edgeRecords],
    auth: ['dns', ...datastores],
    worklog: ['dns', ...datastores],
    mongodb: ['dns'],
    redis: ['dns'],
    'redis-edge': ['dns'],
  };
  const running = Object.keys(egress).filter((p) => TARGET_HAS[target].inClusterDatastores || ![...datastores, 'redis-edge'].includes(p));
  test('every pod of the target is among those whose connections are checked', () => {
    expect(pods.map((p) => p.label).sort()).toEqual([...running].sort());
  });
  test.each(running)('%s connects only where it must (no internet, metadata address or API server)', (from) => {
    expect(destinations(from)).toEqual([...egress[from]].sort());
  });

  test('the check is real: without the policies that select it, the pdf worker reaches everything', () => {
    const open = objs.filter((o) => !(o.kind === 'NetworkPolicy' && selects((o.spec as Dict).podSelector as Dict, pod('pdf-worker').podLabels!)));
    expect(OUTSIDE.every((o) => allowed(open, pod('pdf-worker'), o, 443))).toBe(true);
  });

  test('no egress rule opens a wide address range', () => {
    for (const np of ofKind(objs, 'NetworkPolicy')) {
      for (const rule of ((np.spec as Dict).egress ?? []) as Dict[]) {
        for (const peer of (rule.to ?? []) as Dict[]) {
          const cidr = (peer.ipBlock as { cidr?: string } | undefined)?.cidr;
          if (cidr) expect([np.metadata.name, Number(cidr.split('/')[1]) >= 16]).toEqual([np.metadata.name, true]);
        }
        // A rule without `to` would allow every destination.
        expect([np.metadata.name, Boolean(rule.to)]).toEqual([np.metadata.name, true]);
      }
    }
  });
});

describe.each(['overlays/prod'] as const)('%s: routing (Gateway API)', (target) => {
  const objs = objectsOf(target);
  const gateway = find(objs, 'Gateway', 'journals')!;
  const routes = ofKind(objs, 'HTTPRoute') as (K8sObject & { spec: { parentRefs: { name: string; kind?: string; sectionName?: string }[]; hostnames?: string[]; rules: { filters?: { type: string }[] }[] } })[];

  test('a Gateway of a named implementation, and no Ingress', () => {
    expect((gateway.spec as { gatewayClassName: string }).gatewayClassName).toBe('eg');
    expect(ofKind(objs, 'Ingress')).toEqual([]);
  });

  test('a ListenerSet, a route and a certificate per host for every journal, on the shared Gateway', () => {
    expect(routingProblems(objs)).toEqual([]);
    const journalRoutes = routes.filter((r) => r.spec.hostnames?.length);
    expect(journalRoutes.length).toBeGreaterThanOrEqual(2);
    expect(ofKind(objs, 'ListenerSet')).toHaveLength(journalRoutes.length);
    // The Gateway keeps one listener however many journals there are.
    expect((gateway.spec as { listeners: unknown[] }).listeners).toHaveLength(1);
    // Certificates are explicit objects: nothing relies on the Gateway annotation shim.
    expect(gateway.metadata.annotations?.['cert-manager.io/cluster-issuer']).toBeUndefined();
  });

  test('the edge reaches cert-manager\'s HTTP-01 solver pods, or no certificate is issued', () => {
    const solver: Endpoint = { label: 'acme-solver', ns: 'journal', nsLabels: { 'kubernetes.io/metadata.name': 'journal' }, podLabels: { 'acme.cert-manager.io/http01-solver': 'true' } };
    expect(allowed(objs, EDGE, solver, 8089)).toBe(true);
    expect(allowed(objs, OTHER, solver, 8089)).toBe(false);
  });

  test('plain HTTP only redirects to HTTPS', () => {
    const onHttp = routes.filter((r) => r.spec.parentRefs.some((p) => p.sectionName === 'http'));
    expect(onHttp.map((r) => r.metadata.name)).toEqual(['https-redirect']);
    expect(onHttp[0].spec.rules[0].filters![0].type).toBe('RequestRedirect');
  });
});

describe.each(TARGETS)('%s: datastores', (target) => {
  const objs = objectsOf(target);
  const inCluster = target !== 'overlays/prod';

  test(inCluster ? 'MongoDB and Redis run as StatefulSets with storage' : 'MongoDB and Redis are external', () => {
    const sts = ofKind(objs, 'StatefulSet').map((s) => s.metadata.name).sort();
    expect(sts).toEqual(inCluster ? ['mongodb', 'redis', 'redis-edge'] : []);
    for (const s of ofKind(objs, 'StatefulSet')) expect((s.spec as Dict).volumeClaimTemplates).toHaveLength(1);
  });

  test('the URLs the services get point at the datastores of this target', () => {
    const env = envOf(objs, podSpecOf(find(objs, 'Deployment', 'content')!).containers[0]);
    // A replica-set URL lists several hosts, which URL() cannot parse; the first one tells.
    const hostOf = (url: string) => /^[a-z+]+:\/\/(?:[^@/]*@)?([^:/,?]+)/.exec(url)![1];
    const mongoHost = hostOf(env.MONGO_URL);
    const redisHost = hostOf(env.REDIS_URL);
    if (inCluster) {
      expect(mongoHost).toBe('mongodb-0.mongodb');
      expect(redisHost).toBe('redis-0.redis');
      expect(hostOf(env.EDGE_REDIS_URL)).toBe('redis-edge-0.redis-edge');
      const gateway = envOf(objs, podSpecOf(find(objs, 'Deployment', 'gateway')!).containers[0]);
      expect(gateway.EDGE_REDIS_URL).toBe(env.EDGE_REDIS_URL);
    } else {
      expect(mongoHost).not.toMatch(/^(mongodb|redis)-0\./);
      expect(redisHost).not.toMatch(/^redis-0\./);
    }
  });

  if (inCluster) {
    test('Redis keeps every job: append-only file on, noeviction', () => {
      const args = containers(find(objs, 'StatefulSet', 'redis')!)[0].args!.join(' ');
      expect(args).toMatch(/--appendonly yes/);
      expect(args).toMatch(/--maxmemory \d+mb/);
      expect(args).toMatch(/--maxmemory-policy noeviction/);
    });
    test('the edge records\' Redis has a maxmemory and drops its least recently used keys there', () => {
      const args = containers(find(objs, 'StatefulSet', 'redis-edge')!)[0].args!.join(' ');
      expect(args).toMatch(/--maxmemory \d+mb/);
      expect(args).toMatch(/--maxmemory-policy allkeys-lru/);
    });
  }
});
