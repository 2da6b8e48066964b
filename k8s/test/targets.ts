/** The rendered kustomize targets the deploy tests check, and helpers to read them. */
import fs from 'node:fs';
import path from 'node:path';
import { containersOf, render, type K8sObject } from './render';

export const ROOT = path.resolve(__dirname, '../..');
export const K8S = path.join(ROOT, 'k8s');

/** Every target an SRE can apply: the self-contained base and both overlays. */
export const TARGETS = ['base', 'overlays/dev', 'overlays/prod'] as const;
export type Target = (typeof TARGETS)[number];

/** secrets.env is git-ignored; its committed example stands in for it. */
export const missingEnvFile = (file: string) => (fs.existsSync(`${file}.example`) ? `${file}.example` : undefined);

const cache = new Map<Target, K8sObject[]>();
export function objectsOf(target: Target): K8sObject[] {
  let objs = cache.get(target);
  if (!objs) {
    objs = render(path.join(K8S, target), { missingEnvFile });
    cache.set(target, objs);
  }
  return objs;
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
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: { name: string; key: string } } }[];
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
      const { name, key } = e.valueFrom.secretKeyRef;
      const v = secret(name)[key];
      if (v === undefined) throw new Error(`container ${c.name}: Secret ${name} has no key ${key}`);
      env[e.name] = v;
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

/** The image a container runs, without tag or digest. */
export { imageName } from './render';
