/**
 * What the rendered manifests promise an SRE: hardened pods, shutdown time that covers the drain,
 * one autoscaler per Deployment, selectors that select, and a network where only the gateway
 * reaches the services and only the services reach MongoDB and Redis.
 */
import type { K8sObject } from './render';
import {
  TARGETS, containers, envOf, find, objectsOf, ofKind, podLabelsOf, podSpecOf, selects, workloads,
  type Target,
} from './targets';

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

  test('the gateway and content scale on CPU', () => {
    for (const name of ['gateway', 'content']) {
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
    base: 'HPA/pdf-worker',
    'overlays/dev': undefined,
    'overlays/prod': 'ScaledObject/pdf-worker',
  };
  test(`pdf-worker is scaled by ${expected[target] ?? 'hand only (kubectl scale)'}`, () => {
    expect(scalers.filter(([, t]) => t === 'pdf-worker').map(([s]) => s)).toEqual(expected[target] ? [expected[target]] : []);
  });

  test('the KEDA ScaledObject scales on the queue, with CPU as the fallback trigger', () => {
    const so = find(objs, 'ScaledObject', 'pdf-worker');
    if (!so) return;
    const spec = so.spec as Dict;
    const triggers = spec.triggers as { type: string; metadata: Record<string, string>; metricType?: string }[];
    const redis = triggers.filter((t) => t.type === 'redis');
    expect(redis).toHaveLength(2);
    for (const t of redis) {
      // KEDA's documented fields of the redis (lists) scaler.
      expect(Object.keys(t.metadata).every((k) => ['address', 'listName', 'listLength', 'activationListLength', 'databaseIndex', 'enableTLS', 'unsafeSsl', 'usernameFromEnv', 'passwordFromEnv', 'addressFromEnv'].includes(k))).toBe(true);
      expect(t.metadata.address).toMatch(/^[a-z0-9.-]+:\d+$/);
      expect(Number(t.metadata.listLength)).toBeGreaterThan(0);
    }
    expect(triggers.find((t) => t.type === 'cpu')?.metricType).toBe('Utilization');
    // KEDA's `fallback` works only when every trigger is an AverageValue metric; CPU is not.
    expect(spec.fallback).toBeUndefined();
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
    for (const name of ['gateway', 'content', 'auth', 'worklog', 'pdf-api', 'pdf-worker', 'web']) {
      expect(find(objs, 'PodDisruptionBudget', name)).toBeDefined();
    }
  });

  test('every NetworkPolicy selector selects at least one pod', () => {
    for (const np of ofKind(objs, 'NetworkPolicy')) {
      const spec = np.spec as Dict;
      const own = spec.podSelector as Dict;
      if (Object.keys(own).length) expect([np.metadata.name, pods.some((p) => selects(own, p.labels))]).toEqual([np.metadata.name, true]);
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

type Peer = { pod?: string; namespace?: string };
/** Whether the NetworkPolicies let `from` open a TCP connection to pod `to` on `port`. */
function allowed(objs: K8sObject[], from: Peer, to: string, port: number): boolean {
  const pods = Object.fromEntries(workloads(objs).map((w) => [w.metadata.name, podLabelsOf(w)]));
  const ns = objs.find((o) => o.kind === 'Namespace')!.metadata.name;
  const policies = ofKind(objs, 'NetworkPolicy').map((p) => p.spec as Dict);
  const peerMatches = (peer: Dict) => {
    const nsSel = peer.namespaceSelector as Dict | undefined;
    const fromNs = from.namespace ?? ns;
    if (nsSel) {
      if (!selects(nsSel, { 'kubernetes.io/metadata.name': fromNs })) return false;
      return peer.podSelector ? Boolean(from.pod && selects(peer.podSelector as Dict, pods[from.pod] ?? {})) : true;
    }
    if (fromNs !== ns || !from.pod) return false;
    return selects(peer.podSelector as Dict, pods[from.pod]);
  };
  const portMatches = (rule: Dict) =>
    !rule.ports || (rule.ports as { port?: number; protocol?: string }[]).some((p) => p.port === undefined || (p.port === port && (p.protocol ?? 'TCP') === 'TCP'));

  // Ingress side: isolated pods accept only what some rule allows.
  const ingressPolicies = policies.filter((p) => (p.policyTypes as string[]).includes('Ingress') && selects(p.podSelector as Dict, pods[to]));
  if (ingressPolicies.length) {
    const ok = ingressPolicies.some((p) => ((p.ingress ?? []) as Dict[]).some((r) => portMatches(r) && (!r.from || (r.from as Dict[]).some(peerMatches))));
    if (!ok) return false;
  }
  // Egress side of the caller, when it is a pod of ours.
  if (from.pod && !from.namespace) {
    const egressPolicies = policies.filter((p) => (p.policyTypes as string[]).includes('Egress') && selects(p.podSelector as Dict, pods[from.pod!]));
    if (egressPolicies.length) {
      const ok = egressPolicies.some((p) =>
        ((p.egress ?? []) as Dict[]).some(
          (r) => portMatches(r) && (!r.to || (r.to as Dict[]).some((peer) => !peer.namespaceSelector && selects(peer.podSelector as Dict, pods[to]))),
        ),
      );
      if (!ok) return false;
    }
  }
  return true;
}

describe.each(TARGETS)('%s: who may talk to whom', (target) => {
  const objs = objectsOf(target);
  const names = workloads(objs).map((w) => w.metadata.name);
  const portOf = (name: string) => containers(workloads(objs).find((w) => w.metadata.name === name)!)[0].ports![0].containerPort;
  const callers = (to: string) => [
    ...names.filter((n) => allowed(objs, { pod: n }, to, portOf(to))),
    ...['ingress-nginx', 'keda', 'default'].filter((ns) => allowed(objs, { namespace: ns }, to, portOf(to))).map((ns) => `ns:${ns}`),
  ].sort();

  test('only the ingress controller reaches the web pods (and content, for index.html)', () => {
    expect(callers('web')).toEqual(['content', 'ns:ingress-nginx']);
  });
  test('only the web pods reach the gateway', () => {
    expect(callers('gateway')).toEqual(['web']);
  });
  test.each(['auth', 'worklog', 'pdf-api'])('only the gateway reaches %s', (svc) => {
    expect(callers(svc)).toEqual(['gateway']);
  });
  test('only the gateway and the pdf API reach content', () => {
    expect(callers('content')).toEqual(['gateway', 'pdf-api']);
  });
  test('nothing but kubelet probes reaches the pdf workers', () => {
    expect(callers('pdf-worker')).toEqual([]);
  });
  test('only the services (and KEDA, for the queue length) reach MongoDB and Redis', () => {
    const services = ['auth', 'content', 'pdf-api', 'pdf-worker', 'worklog'];
    if (names.includes('mongodb')) expect(callers('mongodb')).toEqual(services);
    if (names.includes('redis')) {
      const keda = ofKind(objs, 'ScaledObject').length ? ['ns:keda'] : [];
      expect(callers('redis')).toEqual([...services, ...keda].sort());
    }
  });
  test('the gateway and web pods cannot open connections to the datastores, wherever they are', () => {
    for (const from of ['gateway', 'web']) {
      const egress = ofKind(objs, 'NetworkPolicy').filter((p) => {
        const s = p.spec as Dict;
        return (s.policyTypes as string[]).includes('Egress') && selects(s.podSelector as Dict, podLabelsOf(find(objs, 'Deployment', from)!));
      });
      expect(egress.length).toBeGreaterThan(0);
      const peers = JSON.stringify(egress.map((p) => (p.spec as Dict).egress));
      expect(peers).not.toContain('ipBlock');
      expect(peers).not.toMatch(/27017|6379/);
    }
  });
});

describe.each(TARGETS)('%s: ingress', (target) => {
  const objs = objectsOf(target);
  const ing = find(objs, 'Ingress', 'journals')!;
  const spec = ing.spec as { tls?: { hosts: string[]; secretName: string }[]; rules: { host: string; http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] } }[] };

  test('every host goes to the web Service, on a port it has', () => {
    const hosts = spec.rules.map((r) => r.host);
    expect(new Set(hosts).size).toBe(hosts.length);
    expect(hosts.length).toBeGreaterThanOrEqual(2);
    for (const r of spec.rules) {
      for (const p of r.http.paths) {
        expect(p.backend.service.name).toBe('web');
        const svc = find(objs, 'Service', 'web')!;
        expect((svc.spec as { ports: { name: string }[] }).ports.map((x) => x.name)).toContain(p.backend.service.port.name);
      }
    }
  });

  if (target !== 'overlays/dev') {
    test('every host has TLS', () => {
      const covered = new Set((spec.tls ?? []).flatMap((t) => t.hosts));
      expect(spec.rules.map((r) => r.host).filter((h) => !covered.has(h))).toEqual([]);
      expect((spec.tls ?? []).every((t) => t.secretName)).toBe(true);
    });
  }
});

describe.each(TARGETS)('%s: datastores', (target) => {
  const objs = objectsOf(target);
  const inCluster = target !== 'overlays/prod';

  test(inCluster ? 'MongoDB and Redis run as StatefulSets with storage' : 'MongoDB and Redis are external', () => {
    const sts = ofKind(objs, 'StatefulSet').map((s) => s.metadata.name).sort();
    expect(sts).toEqual(inCluster ? ['mongodb', 'redis'] : []);
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
    } else {
      expect(mongoHost).not.toMatch(/^(mongodb|redis)-0\./);
      expect(redisHost).not.toMatch(/^redis-0\./);
    }
  });

  if (inCluster) {
    test('Redis keeps every job: append-only file on, noeviction', () => {
      const args = containers(find(objs, 'StatefulSet', 'redis')!)[0].args!.join(' ');
      expect(args).toMatch(/--appendonly yes/);
      expect(args).toMatch(/--maxmemory-policy noeviction/);
    });
  }
});
