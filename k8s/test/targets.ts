/**
 * The kustomize targets the deploy tests check, rendered by the real kustomize (built by
 * `bash scripts/provision.sh kustomize` into .data/bin), and helpers to read them.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';

export const ROOT = path.resolve(__dirname, '../..');
export const K8S = path.join(ROOT, 'k8s');
/** The kustomize the suites render with by default (kubectl 1.34's). */
export const KUSTOMIZE_VERSION = 'v5.7.1';
/**
 * The kustomize embedded in the kubectl of every Kubernetes version a managed cloud still supports
 * (1.32: v5.5.0, 1.33: v5.6.0, 1.34: v5.7.1, 1.35: v5.8.1): `kubectl apply -k` must work with each.
 * scripts/provision.sh builds the same list.
 */
export const KUSTOMIZE_VERSIONS = ['v5.5.0', 'v5.6.0', 'v5.7.1', 'v5.8.1'] as const;
/**
 * The Kubernetes versions the manifests must pass (their JSON schemas: scripts/provision.sh
 * KUBE_VERSIONS), each with the kustomize its kubectl embeds.
 */
export const KUBERNETES_RELEASES = [
  { kubernetes: '1.32.0', kustomize: 'v5.5.0' },
  { kubernetes: '1.33.0', kustomize: 'v5.6.0' },
  { kubernetes: '1.34.0', kustomize: 'v5.7.1' },
  { kubernetes: '1.35.0', kustomize: 'v5.8.1' },
] as const;

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [k: string]: unknown;
};
export const idOf = (o: K8sObject) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;

/** Every target an SRE applies. The base is not one: it has no Secret and no routes. */
export const TARGETS = ['overlays/dev', 'overlays/prod'] as const;
export type Target = (typeof TARGETS)[number];
/**
 * What each target is expected to hold, so that a test of such an object fails when it is
 * missing instead of passing without looking: MongoDB and Redis in the cluster (dev), the KEDA
 * ScaledObject of the pdf workers (prod).
 */
export const TARGET_HAS: Record<Target, { inClusterDatastores: boolean; keda: boolean }> = {
  'overlays/dev': { inClusterDatastores: true, keda: false },
  'overlays/prod': { inClusterDatastores: false, keda: true },
};

/** A pinned kustomize of scripts/provision.sh; a missing one fails the suite, never skips it. */
export function kustomizeBinary(version: string = KUSTOMIZE_VERSION): string {
  const bin = path.join(ROOT, `.data/bin/kustomize-${version}`);
  if (!fs.existsSync(bin)) throw new Error(`kustomize ${version} is not installed: bash scripts/provision.sh kustomize`);
  return bin;
}

/** `kustomize build <dir>`, parsed. */
export function kustomizeBuild(dir: string, version: string = KUSTOMIZE_VERSION): K8sObject[] {
  const out = execFileSync(kustomizeBinary(version), ['build', dir], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  return YAML.parseAllDocuments(out).map((d) => d.toJS() as K8sObject).filter(Boolean);
}

const cache = new Map<string, K8sObject[]>();
export function objectsOf(target: Target): K8sObject[] {
  let objs = cache.get(target);
  if (!objs) {
    objs = kustomizeBuild(path.join(K8S, target));
    cache.set(target, objs);
  }
  return objs;
}

/** A copy of k8s/ to change and render without touching the tree; removed at exit. */
export function copyOfK8s(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'k8s-copy-'));
  fs.cpSync(K8S, path.join(dir, 'k8s'), { recursive: true, filter: (src) => !src.startsWith(path.join(K8S, 'test')) });
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'k8s');
}

/** The registry and digests of a release, as scripts/release.sh receives them from skaffold. */
export const RELEASE_REGISTRY = 'registry.example.org/journal';
export const fakeDigest = (name: string) => `sha256:${Buffer.from(name.padEnd(32, '.')).toString('hex').slice(0, 64)}`;

/**
 * The prod overlay after a release: scripts/release.sh --pin run on a copy of k8s/ with the
 * build file skaffold writes (every artifact of skaffold.yaml, pushed, with its digest).
 */
let released: { objs: K8sObject[]; k8s: string } | undefined;
export function releasedProd(): { objs: K8sObject[]; k8s: string } {
  if (released) return released;
  const k8s = copyOfK8s();
  const skaffold = YAML.parse(fs.readFileSync(path.join(ROOT, 'skaffold.yaml'), 'utf8')) as { build: { artifacts: { image: string }[] } };
  const builds = skaffold.build.artifacts.map((a) => ({
    imageName: a.image,
    tag: `${RELEASE_REGISTRY}/${a.image}:4ce3827@${fakeDigest(a.image)}`,
  }));
  const build = path.join(path.dirname(k8s), 'build.json');
  fs.writeFileSync(build, JSON.stringify({ builds }));
  execFileSync('bash', [path.join(ROOT, 'scripts/release.sh'), '--pin', build], {
    env: { ...process.env, JP_RELEASE_OVERLAY: path.join(k8s, 'overlays/prod/release'), JP_RELEASE_NO_COMMIT: '1' },
    stdio: 'pipe',
  });
  released = { objs: kustomizeBuild(path.join(k8s, 'overlays/prod')), k8s };
  return released;
}

/**
 * The Secret prod's pods read is created by the SRE, never rendered: this stands in for it, with
 * values made here (random, so no test can pass on a value written in the repository).
 */
export const SRE_SECRETS: Record<string, Record<string, string>> = {
  'journal-secrets': {
    JWT_SECRET: randomBytes(36).toString('base64'),
    MONGO_URL: `mongodb://journal:${randomBytes(12).toString('hex')}@mongo-0.db.internal:27017,mongo-1.db.internal:27017/?replicaSet=rs0&authSource=admin`,
    REDIS_URL: `rediss://:${randomBytes(12).toString('hex')}@redis.db.internal:6380`,
  },
};

/** The containers of a workload (init containers first). */
export function containersOf(o: K8sObject): Record<string, unknown>[] {
  const spec = ((((o.spec as Dict | undefined)?.template as Dict | undefined)?.spec ?? {}) as Dict);
  return [...((spec.initContainers as Dict[] | undefined) ?? []), ...((spec.containers as Dict[] | undefined) ?? [])];
}

/** The image a container runs, without registry-independent tag or digest. */
export function imageName(image: string): string {
  const at = image.indexOf('@');
  const noDigest = at >= 0 ? image.slice(0, at) : image;
  const slash = noDigest.lastIndexOf('/');
  const colon = noDigest.lastIndexOf(':');
  return colon > slash ? noDigest.slice(0, colon) : noDigest;
}

export const ofKind = (objs: K8sObject[], kind: string) => objs.filter((o) => o.kind === kind);
export const find = (objs: K8sObject[], kind: string, name: string) =>
  objs.find((o) => o.kind === kind && o.metadata.name === name);

type Dict = Record<string, unknown>;
export interface Container {
  name: string;
  image: string;
  args?: string[];
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean }; configMapKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Dict;
  livenessProbe?: Dict;
  startupProbe?: Dict;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  resources?: { requests?: Dict; limits?: Dict };
  securityContext?: Dict;
  volumeMounts?: { name: string; mountPath: string }[];
}
export interface PodSpec {
  containers: Container[];
  securityContext?: Dict;
  volumes?: ({ name: string } & Dict)[];
  terminationGracePeriodSeconds?: number;
  automountServiceAccountToken?: boolean;
}

export const WORKLOAD_KINDS = ['Deployment', 'StatefulSet'];
export const workloads = (objs: K8sObject[]) => objs.filter((o) => WORKLOAD_KINDS.includes(o.kind));
export const podSpecOf = (o: K8sObject) => ((o.spec as Dict).template as Dict).spec as PodSpec;
export const podLabelsOf = (o: K8sObject) =>
  (((o.spec as Dict).template as Dict).metadata as { labels: Record<string, string> }).labels;
export const containers = (o: K8sObject) => containersOf(o) as unknown as Container[];

/** The environment a container starts with, resolved from its ConfigMaps and Secrets. */
export function envOf(objs: K8sObject[], c: Container): Record<string, string> {
  const env: Record<string, string> = {};
  const configMap = (name: string) => {
    const cm = find(objs, 'ConfigMap', name);
    if (!cm) throw new Error(`container ${c.name}: ConfigMap ${name} does not exist`);
    return (cm.data ?? {}) as Record<string, string>;
  };
  const secret = (name: string) => {
    const s = find(objs, 'Secret', name);
    if (!s && SRE_SECRETS[name]) return SRE_SECRETS[name];
    if (!s) throw new Error(`container ${c.name}: Secret ${name} does not exist`);
    const out: Record<string, string> = { ...((s.stringData ?? {}) as Record<string, string>) };
    for (const [k, v] of Object.entries((s.data ?? {}) as Record<string, string>)) {
      out[k] = Buffer.from(v.replace(/\s+/g, ''), 'base64').toString('utf8');
    }
    return out;
  };
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, configMap(from.configMapRef.name));
    if (from.secretRef) Object.assign(env, secret(from.secretRef.name));
  }
  for (const e of c.env ?? []) {
    if (e.value !== undefined) env[e.name] = e.value;
    else if (e.valueFrom?.secretKeyRef) {
      const { name, key, optional } = e.valueFrom.secretKeyRef;
      const v = secret(name)[key];
      if (v === undefined && !optional) throw new Error(`container ${c.name}: Secret ${name} has no key ${key}`);
      // An optional key the Secret lacks leaves the variable unset: the schema's default ('').
      env[e.name] = v ?? '';
    } else if (e.valueFrom?.configMapKeyRef) {
      const { name, key } = e.valueFrom.configMapKeyRef;
      const v = configMap(name)[key];
      if (v === undefined) throw new Error(`container ${c.name}: ConfigMap ${name} has no key ${key}`);
      env[e.name] = v;
    } else {
      throw new Error(`container ${c.name}: env ${e.name} has an unsupported source`);
    }
  }
  return env;
}

/** Whether a label selector (matchLabels / matchExpressions) selects these labels. */
export function selects(selector: Dict | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const ml = (selector.matchLabels ?? {}) as Record<string, string>;
  for (const [k, v] of Object.entries(ml)) if (labels[k] !== v) return false;
  for (const e of (selector.matchExpressions ?? []) as { key: string; operator: string; values?: string[] }[]) {
    const has = e.key in labels;
    const v = labels[e.key];
    if (e.operator === 'In' && !(has && e.values!.includes(v))) return false;
    if (e.operator === 'NotIn' && has && e.values!.includes(v)) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

