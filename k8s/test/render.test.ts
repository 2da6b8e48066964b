/**
 * Every target renders with the real kustomize (each pinned version of scripts/provision.sh), and
 * every object in it is valid against the schemas of kubernetes-models and of the custom
 * resources used (KEDA, Gateway API, Prometheus Operator), offline.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';
import { K8S, KUSTOMIZE_VERSION, KUSTOMIZE_VERSIONS, ROOT, TARGETS, copyOfK8s, idOf, kustomizeBinary, kustomizeBuild, objectsOf, releasedProd } from './targets';
import { problemsOf } from './schemas';

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
  test.each(['ingress', 'keda-in-cluster-redis'])('%s', (component) => {
    const k8s = copyOfK8s();
    const file = path.join(k8s, 'overlays/prod/kustomization.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('  - release\n', `  - release\n  - ../../components/${component}\n`));
    const objs = kustomizeBuild(path.join(k8s, 'overlays/prod'));
    expect(problemsOf(objs)).toEqual([]);
    const kinds = objs.map((o) => o.kind);
    if (component === 'ingress') expect(kinds).toContain('Ingress');
    else expect(objs.map(idOf)).toContain('NetworkPolicy/journal/redis-from-keda');
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

/** Objects in a stable order, so two renders compare object by object. */
const canonical = (objs: unknown[]) => (objs as { kind: string; metadata: { name: string } }[])
  .map((o) => JSON.stringify(o))
  .sort();

/** Every kustomization directory under k8s/ (overlays, components, the release component). */
function kustomizations(dir = K8S): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : kustomizations(p);
    return e.name === 'kustomization.yaml' ? [dir] : [];
  });
}

describe.each(KUSTOMIZE_VERSIONS)('with kustomize %s (the kubectl of a supported Kubernetes)', (version) => {
  test('it is the version built from that module', () => {
    // `kustomize version` says "(devel)" for some go-installed versions; Go records the module.
    const info = execFileSync('go', ['version', '-m', kustomizeBinary(version)], { encoding: 'utf8' });
    expect(info).toMatch(new RegExp(`\\smod\\s+sigs\\.k8s\\.io/kustomize/kustomize/v5\\s+${version.replace(/\./g, '\\.')}\\s`));
  });

  test.each(TARGETS)('%s renders exactly what the default kustomize renders', (target) => {
    const objs = kustomizeBuild(path.join(K8S, target), version);
    expect(canonical(objs)).toEqual(canonical(objectsOf(target)));
  });

  test('the released prod overlay renders exactly what the default kustomize renders', () => {
    const { objs, k8s } = releasedProd();
    expect(canonical(kustomizeBuild(path.join(k8s, 'overlays/prod'), version))).toEqual(canonical(objs));
  });
});

test('no kustomization deletes objects with $patch: delete (kustomize before v5.7 crashes on it)', () => {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && e.name !== 'test') walk(p);
      else if (/\.ya?ml$/.test(e.name) && /\$patch:\s*delete/.test(fs.readFileSync(p, 'utf8'))) offenders.push(path.relative(ROOT, p));
    }
  };
  walk(K8S);
  expect(offenders).toEqual([]);
  expect(kustomizations().length).toBeGreaterThan(5);
});

test('the default kustomize is one of the pinned versions, and the suite checks it is that one', () => {
  expect(KUSTOMIZE_VERSIONS).toContain(KUSTOMIZE_VERSION);
  expect(execFileSync(kustomizeBinary(), ['version'], { encoding: 'utf8' })).toContain(KUSTOMIZE_VERSION);
  expect(K8S).toMatch(/k8s$/);
});
