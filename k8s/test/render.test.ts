/**
 * Every target renders with the real kustomize (the pinned v5.7.1 of scripts/provision.sh), and
 * every object in it is valid against the schemas of kubernetes-models and of the custom
 * resources used (KEDA, Gateway API, Prometheus Operator), offline.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { K8S, TARGETS, copyOfK8s, idOf, kustomizeBuild, objectsOf, releasedProd } from './targets';

/** Schema problems of objects (validate.mjs: the model packages are ES modules). */
export function problemsOf(objs: unknown[]): string[] {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'validate.mjs')], { input: JSON.stringify(objs), encoding: 'utf8', maxBuffer: 16 * 2 ** 20 });
  return JSON.parse(out) as string[];
}

describe.each(TARGETS)('kustomize target %s', (target) => {
  const objs = objectsOf(target);

  test('renders objects with unique kind/namespace/name', () => {
    expect(objs.length).toBeGreaterThan(20);
    expect(new Set(objs.map(idOf)).size).toBe(objs.length);
  });

  test('every object is valid against its schema', () => {
    expect(problemsOf(objs)).toEqual([]);
  });

  test('namespaced objects live in the target namespace', () => {
    const ns = objs.find((o) => o.kind === 'Namespace')!.metadata.name;
    const clusterScoped = ['Namespace', 'ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding'];
    const stray = objs.filter((o) => !clusterScoped.includes(o.kind) && o.metadata.namespace !== ns).map(idOf);
    expect(stray).toEqual([]);
  });
});

test('the released prod overlay renders and validates', () => {
  expect(problemsOf(releasedProd().objs)).toEqual([]);
});

describe('the optional components render into an overlay and validate', () => {
  test.each(['monitoring', 'ingress'])('%s', (component) => {
    const k8s = copyOfK8s();
    const file = path.join(k8s, 'overlays/prod/kustomization.yaml');
    const fs = require('node:fs') as typeof import('node:fs');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('  - release\n', `  - release\n  - ../../components/${component}\n`));
    const objs = kustomizeBuild(path.join(k8s, 'overlays/prod'));
    expect(problemsOf(objs)).toEqual([]);
    const kinds = objs.map((o) => o.kind);
    if (component === 'monitoring') expect(kinds).toEqual(expect.arrayContaining(['PodMonitor', 'PrometheusRule']));
    else expect(kinds).toContain('Ingress');
  });
});

describe('schema validation catches mistakes (the validator is really on)', () => {
  test('a probe without a port and a bad pull policy are refused', () => {
    const bad = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x' },
      spec: {
        selector: { matchLabels: { a: 'b' } },
        template: {
          metadata: { labels: { a: 'b' } },
          spec: { containers: [{ name: 'x', image: 'x', imagePullPolicy: 'Sometimes', livenessProbe: { httpGet: { path: '/healthz' } } }] },
        },
      },
    };
    expect(problemsOf([bad]).join('\n')).toMatch(/imagePullPolicy|port/);
  });

  test('an HTTPRoute parentRef without a name and a KEDA trigger without a type are refused', () => {
    const route = { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'x' }, spec: { parentRefs: [{ sectionName: 'x' }] } };
    const so = { apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', metadata: { name: 'x' }, spec: { scaleTargetRef: { name: 'x' }, triggers: [{ metadata: {} }] } };
    const problems = problemsOf([route, so]);
    expect(problems).toHaveLength(2);
    expect(problems.some((p) => p.includes('no schema'))).toBe(false);
  });
});

test('the kustomize used is the pinned one', () => {
  const { execFileSync } = require('node:child_process') as typeof import('node:child_process');
  const { kustomizeBinary, KUSTOMIZE_VERSION } = require('./targets') as typeof import('./targets');
  expect(execFileSync(kustomizeBinary(), ['version'], { encoding: 'utf8' })).toContain(KUSTOMIZE_VERSION);
  expect(K8S).toMatch(/k8s$/);
});
