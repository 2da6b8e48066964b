/**
 * Sizing and probes from measurements and from what each probe means: every container declares
 * its ephemeral storage (its disk volumes fit its limit), the pdf worker's memory request covers
 * the measured peak, KEDA's ceiling sits below the measured saturation point, and readiness
 * ("can answer") and liveness ("the event loop / nginx answers") are distinct probes everywhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, TARGETS, containers, find, objectsOf, podSpecOf, workloads } from './targets';

const bytes = (v: unknown) => {
  const m = /^(\d+)(Mi|Gi|Ki)?$/.exec(String(v));
  if (!m) throw new Error(`unexpected quantity ${String(v)}`);
  return Number(m[1]) * ({ Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 }[m[2] as 'Ki' | 'Mi' | 'Gi'] ?? 1);
};
const MiB = 1024 ** 2;
/** The figures bench/ measured (bench/results.json, written by `npm run bench`). */
const measured = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench/results.json'), 'utf8')) as Record<string, number>;
type Probe = { httpGet?: { path: string; port: string | number }; tcpSocket?: unknown; periodSeconds?: number; failureThreshold?: number };

describe.each(TARGETS)('%s', (target) => {
  const objs = objectsOf(target);

  test('every container requests and limits ephemeral storage, and its disk volumes fit the limit', () => {
    for (const w of workloads(objs)) {
      const spec = podSpecOf(w);
      const disk = (spec.volumes ?? [])
        .map((v) => v.emptyDir as { medium?: string; sizeLimit?: string } | undefined)
        .filter((e) => e && e.medium !== 'Memory')
        .reduce((n, e) => n + (e!.sizeLimit ? bytes(e!.sizeLimit) : 0), 0);
      let limits = 0;
      for (const c of containers(w)) {
        const req = c.resources?.requests?.['ephemeral-storage'];
        const lim = c.resources?.limits?.['ephemeral-storage'];
        expect([w.metadata.name, c.name, Boolean(req && lim)]).toEqual([w.metadata.name, c.name, true]);
        expect(bytes(req)).toBeLessThanOrEqual(bytes(lim));
        limits += bytes(lim);
      }
      // The kubelet evicts a pod whose containers and emptyDirs together pass the sum of its
      // limits: the volumes' size limits plus room for the container logs must fit.
      expect([w.metadata.name, limits >= disk + 64 * MiB]).toEqual([w.metadata.name, true]);
    }
  });

  test("the pdf worker's memory covers the measured peak working set (a developer's cluster requests less)", () => {
    const worker = containers(find(objs, 'Deployment', 'pdf-worker')!)[0]!;
    expect(measured.worker_pss_peak_mb).toBeGreaterThan(500);
    if (target === 'overlays/prod') expect(bytes(worker.resources!.requests!.memory) / MiB).toBeGreaterThanOrEqual(measured.worker_pss_peak_mb);
    expect(bytes(worker.resources!.limits!.memory) / MiB).toBeGreaterThanOrEqual(1.5 * measured.worker_pss_peak_mb);
  });

  test('readiness and liveness are distinct probes; the services are ready on /readyz and alive on /healthz, with a startup probe', () => {
    for (const w of workloads(objs)) {
      for (const c of containers(w)) {
        const ready = c.readinessProbe as Probe | undefined;
        const live = c.livenessProbe as Probe | undefined;
        expect([c.name, Boolean(ready && live)]).toEqual([c.name, true]);
        if (ready!.httpGet && live!.httpGet) expect([c.name, ready!.httpGet.path]).not.toEqual([c.name, live!.httpGet.path]);
        if (w.kind !== 'Deployment' || c.name === 'web') continue;
        expect([c.name, ready!.httpGet?.path, live!.httpGet?.path]).toEqual([c.name, '/readyz', '/healthz']);
        const startup = c.startupProbe as Probe | undefined;
        expect([c.name, startup?.httpGet?.path]).toEqual([c.name, '/healthz']);
        // The startup probe gives a slow start (read models, indexes, Chromium) a minute at least.
        expect(startup!.periodSeconds! * startup!.failureThreshold!).toBeGreaterThanOrEqual(60);
      }
    }
  });

  test("web is alive when nginx answers from its config alone, and ready when it serves the app", () => {
    const web = containers(find(objs, 'Deployment', 'web')!)[0]!;
    const live = (web.livenessProbe as Probe).httpGet!.path;
    expect((web.readinessProbe as Probe).httpGet!.path).toBe('/index.html');
    const conf = fs.readFileSync(path.join(ROOT, 'docker/nginx/default.conf.template'), 'utf8');
    const block = new RegExp(`location = ${live.replace(/[/.]/g, '\\$&')} \\{([^}]*)\\}`).exec(conf);
    expect(block?.[1]).toMatch(/return 200/);
    expect(block?.[1]).not.toMatch(/proxy_pass|try_files|root /);
  });
});

test("KEDA's ceiling for pdf workers stays below the measured saturation point", () => {
  const so = find(objectsOf('overlays/prod'), 'ScaledObject', 'pdf-worker')!;
  const max = (so.spec as { maxReplicaCount: number }).maxReplicaCount;
  expect(measured.projected_saturation_workers).toBeGreaterThan(2);
  expect(max).toBeLessThanOrEqual(Math.floor(measured.projected_saturation_workers));
  expect(max).toBeGreaterThanOrEqual(Math.floor(measured.projected_saturation_workers) - 1);
});
