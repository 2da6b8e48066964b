/**
 * kubeconform against the JSON schemas of every Kubernetes version we support, as the PyPI package
 * kubernetes-validate ships them (unpacked by `bash scripts/provision.sh k8stools` into
 * .data/k8s-schemas/vX.Y.Z-local[-strict]/). Those schemas have the built-in kinds only: the custom
 * resources (Gateway API, KEDA, cert-manager, Prometheus Operator) are checked by the schemas of
 * their `@kubernetes-models` packages (schemas.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, type K8sObject } from './targets';

export const SCHEMAS_DIR = path.join(ROOT, '.data/k8s-schemas');
/** kubeconform's `-schema-location` template for SCHEMAS_DIR (kubernetes-validate's file names). */
export const SCHEMA_LOCATION = `${SCHEMAS_DIR}/{{ .NormalizedKubernetesVersion }}-local{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json`;
export const KUBECONFORM_VERSION = 'v0.7.0';

/** The API groups of the custom resources the manifests use: no Kubernetes release has their schemas. */
export const CUSTOM_GROUPS = ['gateway.networking.k8s.io', 'keda.sh', 'cert-manager.io', 'monitoring.coreos.com'];
export const isCustom = (o: K8sObject) => CUSTOM_GROUPS.includes(o.apiVersion.split('/')[0]!);

export function kubeconformBinary(): string {
  const bin = path.join(ROOT, `.data/bin/kubeconform-${KUBECONFORM_VERSION}`);
  if (!fs.existsSync(bin)) throw new Error('kubeconform is not installed: bash scripts/provision.sh k8stools');
  return bin;
}

/** The schemas of one Kubernetes version, or an error saying how to get them: a missing set fails, never skips. */
function schemasOf(kubernetesVersion: string): void {
  for (const suffix of ['-local', '-local-strict']) {
    const dir = path.join(SCHEMAS_DIR, `v${kubernetesVersion}${suffix}`);
    if (!fs.existsSync(path.join(dir, '_definitions.json'))) {
      throw new Error(`the Kubernetes ${kubernetesVersion} schemas are not in ${dir}: bash scripts/provision.sh k8stools`);
    }
  }
}

export interface KubeconformResult {
  filename: string;
  kind: string;
  name: string;
  version: string;
  status: string;
  msg: string;
}

/** kubeconform -strict on the objects against one Kubernetes version's schemas (x.y.z). */
export function kubeconform(objs: K8sObject[], kubernetesVersion: string): { resources: KubeconformResult[]; summary: Record<string, number> } {
  schemasOf(kubernetesVersion);
  // JSON documents: YAML out of the yaml package is 1.2, and kubeconform reads 1.1 (where `on` is a boolean).
  const input = objs.map((o) => JSON.stringify(o)).join('\n---\n');
  const args = ['-strict', '-summary', '-output', 'json', '-kubernetes-version', kubernetesVersion, '-schema-location', SCHEMA_LOCATION, '-'];
  let out: string;
  try {
    out = execFileSync(kubeconformBinary(), args, { input, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  } catch (err) {
    // A non-zero exit still prints the report.
    out = String((err as { stdout?: string }).stdout ?? '');
  }
  return JSON.parse(out) as { resources: KubeconformResult[]; summary: Record<string, number> };
}

export const problems = (r: { resources: KubeconformResult[] }) => r.resources.filter((x) => x.status !== 'statusValid').map((x) => `${x.kind}/${x.name}: ${x.status} ${x.msg}`);
