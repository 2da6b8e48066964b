/**
 * Everything an SRE may apply, for every Kubernetes we support (1.32 to 1.35), rendered by the
 * kustomize of that version's kubectl: every built-in object passes kubeconform -strict (no
 * property its schema does not name) against that version's schemas (kubernetes-validate), and
 * every custom resource passes the schema of its `@kubernetes-models` package. An object with no
 * schema fails: nothing is skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { CUSTOM_GROUPS, isCustom, kubeconform, problems } from './kube-schemas';
import { problemsOf } from './schemas';
import { K8S, KUBERNETES_RELEASES, TARGETS, copyOfK8s, kustomizeBuild, objectsOf, releasedProd, type K8sObject } from './targets';

jest.setTimeout(180_000);

const componentsOf = (overlay: string) =>
  ((YAML.parse(fs.readFileSync(path.join(K8S, overlay, 'kustomization.yaml'), 'utf8')) as { components?: string[] }).components ?? [])
    .map((c) => path.basename(c));

/** The components no overlay uses: an SRE adds one to prod (docs/operations.md). */
const OPTIONAL = fs
  .readdirSync(path.join(K8S, 'components'))
  .filter((c) => !TARGETS.some((t) => componentsOf(t).includes(c)));

/** prod with one optional component added, in a copy of k8s/. */
function prodWith(component: string): string {
  const k8s = copyOfK8s();
  const file = path.join(k8s, 'overlays/prod/kustomization.yaml');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('  - release\n', `  - release\n  - ../../components/${component}\n`));
  return path.join(k8s, 'overlays/prod');
}

const RENDERS: Record<string, () => string> = {
  ...Object.fromEntries(TARGETS.map((t) => [t, () => path.join(K8S, t)])),
  'overlays/prod (released)': () => path.join(releasedProd().k8s, 'overlays/prod'),
  ...Object.fromEntries(OPTIONAL.map((c) => [`overlays/prod + components/${c}`, () => prodWith(c)])),
};

test('the optional components are known, and each is validated on prod', () => {
  expect(OPTIONAL.length).toBeGreaterThan(0);
  expect(Object.keys(RENDERS)).toEqual(expect.arrayContaining(OPTIONAL.map((c) => `overlays/prod + components/${c}`)));
});

describe.each(KUBERNETES_RELEASES)('Kubernetes $kubernetes (kustomize $kustomize)', ({ kubernetes, kustomize }) => {
  test.each(Object.keys(RENDERS))('%s: every object is valid, strict', (name) => {
    const objs = kustomizeBuild(RENDERS[name]!(), kustomize);
    const builtIn = objs.filter((o) => !isCustom(o));
    const custom = objs.filter(isCustom);
    expect(builtIn.length).toBeGreaterThan(20);
    const r = kubeconform(builtIn, kubernetes);
    expect(problems(r)).toEqual([]);
    expect(r.summary.valid).toBe(builtIn.length);
    expect(problemsOf(custom)).toEqual([]);
    if (name.startsWith('overlays/prod')) expect(new Set(custom.map((o) => o.apiVersion.split('/')[0]))).toEqual(new Set(CUSTOM_GROUPS));
  });

  test('strict mode refuses a misspelt field, an unknown kind and a custom kind it has no schema for', () => {
    const deployment = objectsOf('overlays/prod').find((o) => o.kind === 'Deployment')!;
    const bad = structuredClone(deployment) as K8sObject & { spec: Record<string, unknown> };
    bad.spec.replica = 2;
    const unknown: K8sObject = { apiVersion: 'example.org/v1', kind: 'Nothing', metadata: { name: 'x' } };
    const so = objectsOf('overlays/prod').find((o) => o.kind === 'ScaledObject')!;
    const r = kubeconform([bad, unknown, so], kubernetes);
    const byKind = new Map(r.resources.map((x) => [x.kind, x]));
    expect(byKind.get('Deployment')?.status).toBe('statusInvalid');
    expect(byKind.get('Deployment')?.msg).toMatch(/replica/);
    expect(byKind.get('Nothing')?.status).toBe('statusError');
    expect(byKind.get('ScaledObject')?.status).toBe('statusError');
    expect(r.summary.valid ?? 0).toBe(0);
  });
});

test('each version is checked against its own API: resource.k8s.io/v1 DeviceClass exists from 1.34 on', () => {
  const dc: K8sObject = { apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { name: 'gpu' }, spec: {} };
  const status = KUBERNETES_RELEASES.map(({ kubernetes }) => [kubernetes, kubeconform([dc], kubernetes).summary.valid ?? 0]);
  expect(status).toEqual([['1.32.0', 0], ['1.33.0', 0], ['1.34.0', 1], ['1.35.0', 1]]);
});
