/**
 * Journal affinity as rendered: content and render each have a headless Service selecting the
 * same pods as their ClusterIP Service, on the same port; the gateway gets both names (the pods
 * and the fallback), the render process content's with the gateway's settings, and the
 * NetworkPolicies let them reach the pods' own addresses on that port.
 */
import { gatewayConfigSchema } from '../../gateway/src/config';
import { allowed } from './network';
import { TARGETS, containers, envOf, find, objectsOf, podLabelsOf, podSpecOf, selects, type K8sObject } from './targets';

type ServiceSpec = { clusterIP?: string; selector: Record<string, string>; ports: { name?: string; port: number; targetPort: unknown; protocol?: string }[] };
const specOf = (s: K8sObject) => s.spec as ServiceSpec;

describe.each(TARGETS)('%s: journal affinity', (target) => {
  const objs = objectsOf(target);
  const ns = objs.find((o) => o.kind === 'Namespace')!.metadata.name;
  const gateway = find(objs, 'Deployment', 'gateway')!;
  const env = envOf(objs, podSpecOf(gateway).containers[0]);
  const config = gatewayConfigSchema.parse({ ...env, NODE_ENV: 'test' });

  test.each([
    ['content', 'CONTENT_PODS_URL', 'CONTENT_URL'],
    ['render', 'RENDER_PODS_URL', 'RENDER_URL'],
  ] as const)('%s: a headless Service of its pods, named in the gateway with the ClusterIP Service as fallback', (name, podsKey, serviceKey) => {
    const headless = find(objs, 'Service', `${name}-pods`);
    const service = find(objs, 'Service', name)!;
    expect(headless).toBeDefined();
    expect(specOf(headless!).clusterIP).toBe('None');
    expect(specOf(service).clusterIP).not.toBe('None');
    expect(specOf(headless!).selector).toEqual(specOf(service).selector);

    const http = specOf(headless!).ports.find((p) => p.name === 'http')!;
    const deployment = find(objs, 'Deployment', name)!;
    expect(selects({ matchLabels: specOf(headless!).selector }, podLabelsOf(deployment))).toBe(true);
    // A pod's address is dialled on the container's port itself (no Service port mapping).
    const containerPort = containers(deployment)[0].ports!.find((p) => p.name === http.targetPort)!.containerPort;
    expect(http.port).toBe(containerPort);

    const pods = new URL(config[podsKey]!);
    expect([pods.hostname, Number(pods.port)]).toEqual([`${name}-pods`, containerPort]);
    expect(new URL(config[serviceKey]).hostname).toBe(name);
  });

  test('each journal is spread over at least two pods (one left warm when a pod goes), fewer than prod keeps (or nothing is split)', () => {
    expect(config.AFFINITY_SUBSET).toBeGreaterThanOrEqual(2);
    if (target === 'overlays/prod') {
      for (const name of ['content', 'render']) {
        const min = (find(objs, 'HorizontalPodAutoscaler', name)!.spec as { minReplicas: number }).minReplicas;
        expect([name, min > config.AFFINITY_SUBSET]).toEqual([name, true]);
      }
    }
    // A pod that refused a connection stays out longer than cluster DNS may still list it.
    expect(config.AFFINITY_QUARANTINE_MS).toBeGreaterThanOrEqual(30_000);
    expect(config.AFFINITY_CONNECT_TIMEOUT_MS).toBeLessThan(config.PROXY_TIMEOUT_MS);
  });

  test("the render process reads a journal from the same content pods as the gateway (same name, same settings)", () => {
    const render = envOf(objs, podSpecOf(find(objs, 'Deployment', 'render')!).containers[0]);
    expect(render.CONTENT_PODS_URL).toBe(env.CONTENT_PODS_URL);
    const affinity = (e: Record<string, string>) => Object.fromEntries(Object.entries(e).filter(([k]) => k.startsWith('AFFINITY_')));
    expect(affinity(render)).toEqual(affinity(env));
    expect(Object.keys(affinity(env)).sort()).toEqual(['AFFINITY_CONNECT_TIMEOUT_MS', 'AFFINITY_QUARANTINE_MS', 'AFFINITY_REFRESH_MS', 'AFFINITY_SUBSET']);
  });

  test('the NetworkPolicies let the gateway (and render, for content) reach the pods themselves, and nobody else gains a way in', () => {
    const pod = (name: string) => ({ label: name, ns, nsLabels: { 'kubernetes.io/metadata.name': ns }, podLabels: podLabelsOf(find(objs, 'Deployment', name)!) });
    expect(allowed(objs, pod('gateway'), pod('content'), 4001)).toBe(true);
    expect(allowed(objs, pod('gateway'), pod('render'), 4005)).toBe(true);
    expect(allowed(objs, pod('render'), pod('content'), 4001)).toBe(true);
    expect(allowed(objs, pod('web'), pod('content'), 4001)).toBe(false);
    expect(allowed(objs, pod('web'), pod('render'), 4005)).toBe(false);
  });
});
