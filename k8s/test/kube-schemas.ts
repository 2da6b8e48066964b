/**
 * kubeconform's JSON schemas, made offline from the sources `scripts/provision.sh k8stools`
 * downloads: the Kubernetes OpenAPI document of the oldest version we support and the CRDs of the
 * custom resources the manifests use. Written once under .data/k8s-schemas (plain and strict, the
 * strict ones refusing properties a schema does not name, as kubeconform's `-strict` expects) in
 * the layout of SCHEMA_LOCATION.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { ROOT, type K8sObject } from './targets';

type Schema = Record<string, unknown>;

const SOURCES_FILE = path.join(ROOT, '.data/k8s-schema-sources');
export const SCHEMAS_DIR = path.join(ROOT, '.data/k8s-schemas');
/** kubeconform's `-schema-location` template for SCHEMAS_DIR. */
export const SCHEMA_LOCATION = `${SCHEMAS_DIR}/all{{ .StrictSuffix }}/{{ .Group }}/{{ .ResourceKind }}_{{ .ResourceAPIVersion }}.json`;
export const KUBECONFORM_VERSION = 'v0.7.0';

/** The CRD files (relative to their module) of the custom resources the manifests use. */
const CRD_FILES: Record<string, string[]> = {
  'sigs.k8s.io/gateway-api': [
    'config/crd/standard/gateway.networking.k8s.io_gateways.yaml',
    'config/crd/standard/gateway.networking.k8s.io_httproutes.yaml',
    'config/crd/standard/gateway.networking.k8s.io_listenersets.yaml',
    'config/crd/standard/gateway.networking.k8s.io_gatewayclasses.yaml',
    'config/crd/standard/gateway.networking.k8s.io_referencegrants.yaml',
  ],
  'github.com/cert-manager/cert-manager': ['deploy/crds/crd-certificates.yaml', 'deploy/crds/crd-issuers.yaml', 'deploy/crds/crd-clusterissuers.yaml'],
  'github.com/kedacore/keda/v2': ['config/crd/bases/keda.sh_scaledobjects.yaml', 'config/crd/bases/keda.sh_triggerauthentications.yaml'],
  'github.com/prometheus-operator/prometheus-operator': [
    'example/prometheus-operator-crd/monitoring.coreos.com_prometheusrules.yaml',
    'example/prometheus-operator-crd/monitoring.coreos.com_podmonitors.yaml',
    'example/prometheus-operator-crd/monitoring.coreos.com_servicemonitors.yaml',
  ],
};

export function kubeconformBinary(): string {
  const bin = path.join(ROOT, `.data/bin/kubeconform-${KUBECONFORM_VERSION}`);
  if (!fs.existsSync(bin)) throw new Error(`kubeconform is not installed: bash scripts/provision.sh k8stools`);
  return bin;
}

function sources(): Map<string, string> {
  if (!fs.existsSync(SOURCES_FILE)) throw new Error('the schema sources are not downloaded: bash scripts/provision.sh k8stools');
  const out = new Map<string, string>();
  for (const line of fs.readFileSync(SOURCES_FILE, 'utf8').split('\n')) {
    const [mod, dir] = line.split('\t');
    if (mod && dir) out.set(mod.split('@')[0]!, dir);
  }
  return out;
}

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Makes every object schema closed (strict) and lets an int-or-string or a quantity be either, as
 * the API server's decoder does. Open maps (`additionalProperties` given) and schemas that keep
 * unknown fields stay open.
 */
function adjust(s: unknown, strict: boolean): unknown {
  if (Array.isArray(s)) return s.map((x) => adjust(x, strict));
  if (!isObject(s)) return s;
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) out[k] = k === 'enum' || k === 'default' || k === 'example' ? v : adjust(v, strict);
  if (out['x-kubernetes-int-or-string'] === true || out.format === 'int-or-string') {
    delete out.type;
    delete out.format;
    out.oneOf = [{ type: 'string' }, { type: 'integer' }];
  }
  if (strict && isObject(out.properties) && !('additionalProperties' in out) && out['x-kubernetes-preserve-unknown-fields'] !== true) {
    out.additionalProperties = false;
  }
  return out;
}

/** The swagger definitions with every `$ref` inlined (a reference back into itself becomes open). */
function inline(defs: Record<string, Schema>, s: unknown, seen: string[] = []): unknown {
  if (Array.isArray(s)) return s.map((x) => inline(defs, x, seen));
  if (!isObject(s)) return s;
  const ref = s.$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/definitions/', '');
    if (name === 'io.k8s.apimachinery.pkg.api.resource.Quantity') return { oneOf: [{ type: 'string' }, { type: 'number' }] };
    if (seen.includes(name)) return {};
    return inline(defs, defs[name], [...seen, name]);
  }
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) out[k] = inline(defs, v, seen);
  return out;
}

function write(group: string, version: string, kind: string, schema: unknown) {
  for (const strict of [false, true]) {
    const dir = path.join(SCHEMAS_DIR, `all${strict ? '-strict' : ''}`, group || 'v1');
    fs.mkdirSync(dir, { recursive: true });
    const body = { $schema: 'http://json-schema.org/schema#', ...(adjust(schema, strict) as Schema) };
    fs.writeFileSync(path.join(dir, `${kind.toLowerCase()}_${version}.json`), JSON.stringify(body));
  }
}

/** Writes the schemas unless they are there; returns how many kinds were written. */
export function ensureKubeSchemas(): string {
  const stamp = path.join(SCHEMAS_DIR, 'sources');
  const src = sources();
  const want = [...src].map(([m, d]) => `${m}\t${d}`).join('\n');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return SCHEMA_LOCATION;
  fs.rmSync(SCHEMAS_DIR, { recursive: true, force: true });

  const k8s = src.get('k8s.io/kubernetes');
  if (!k8s) throw new Error('k8s.io/kubernetes is not among the schema sources');
  const swagger = JSON.parse(fs.readFileSync(path.join(k8s, 'api/openapi-spec/swagger.json'), 'utf8')) as { definitions: Record<string, Schema> };
  for (const [name, def] of Object.entries(swagger.definitions)) {
    const gvks = def['x-kubernetes-group-version-kind'] as { group: string; version: string; kind: string }[] | undefined;
    if (!gvks) continue;
    const schema = inline(swagger.definitions, def, [name]);
    for (const { group, version, kind } of gvks) write(group, version, kind, schema);
  }

  for (const [mod, files] of Object.entries(CRD_FILES)) {
    const dir = src.get(mod);
    if (!dir) throw new Error(`${mod} is not among the schema sources`);
    for (const file of files) {
      for (const doc of YAML.parseAllDocuments(fs.readFileSync(path.join(dir, file), 'utf8'))) {
        const crd = doc.toJS() as { kind?: string; spec?: { group: string; names: { kind: string }; versions: { name: string; schema?: { openAPIV3Schema?: Schema } }[] } } | null;
        if (crd?.kind !== 'CustomResourceDefinition' || !crd.spec) continue;
        for (const v of crd.spec.versions) {
          if (v.schema?.openAPIV3Schema) write(crd.spec.group, v.name, crd.spec.names.kind, v.schema.openAPIV3Schema);
        }
      }
    }
  }
  fs.writeFileSync(stamp, want);
  return SCHEMA_LOCATION;
}

export interface KubeconformResult {
  filename: string;
  kind: string;
  name: string;
  version: string;
  status: string;
  msg: string;
}

export function kubeconform(objs: K8sObject[], extra: string[] = []): { resources: KubeconformResult[]; summary: Record<string, number> } {
  const location = ensureKubeSchemas();
  // JSON documents: YAML out of the yaml package is 1.2, and kubeconform reads 1.1 (where `on` is a boolean).
  const input = objs.map((o) => JSON.stringify(o)).join('\n---\n');
  let out: string;
  try {
    out = execFileSync(kubeconformBinary(), ['-strict', '-summary', '-output', 'json', '-schema-location', location, ...extra, '-'], {
      input,
      encoding: 'utf8',
      maxBuffer: 64 * 2 ** 20,
    });
  } catch (err) {
    // A non-zero exit still prints the report.
    out = String((err as { stdout?: string }).stdout ?? '');
  }
  return JSON.parse(out) as { resources: KubeconformResult[]; summary: Record<string, number> };
}

export const problems = (r: { resources: KubeconformResult[] }) => r.resources.filter((x) => x.status !== 'statusValid').map((x) => `${x.kind}/${x.name}: ${x.status} ${x.msg}`);
