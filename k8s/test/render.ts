/**
 * An offline renderer for the subset of kustomize this repository's k8s/ uses, so the deploy
 * tests need no binary and no network: resources (files and directories), components, namespace,
 * labels (pairs, includeSelectors false, includeTemplates), images, strategic-merge patches
 * (matched by kind and name, `$patch: delete` included) and config/secret generators without
 * name hashes. Anything else throws, so a kustomization that outgrows it fails loudly instead of
 * rendering wrongly. When the real kustomize is installed (k8s/tools/install-kustomize.sh) the
 * tests also compare the two renderings.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
};

export interface RenderOptions {
  /** Maps a generator's env file that is absent (e.g. a git-ignored secrets.env) to a stand-in. */
  missingEnvFile?: (file: string) => string | undefined;
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

const KUSTOMIZATION_KEYS = new Set([
  'apiVersion', 'kind', 'namespace', 'labels', 'resources', 'components', 'patches', 'images',
  'configMapGenerator', 'secretGenerator',
]);

const CLUSTER_SCOPED = new Set([
  'Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'PersistentVolume',
  'StorageClass', 'PriorityClass', 'IngressClass', 'ClusterTriggerAuthentication',
]);

const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job']);

export function readYamlDocs(file: string): K8sObject[] {
  const docs = YAML.parseAllDocuments(fs.readFileSync(file, 'utf8'));
  const out: K8sObject[] = [];
  for (const doc of docs) {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0].message}`);
    const value = doc.toJS() as unknown;
    if (value === null || value === undefined) continue;
    if (!isDict(value)) throw new Error(`${file}: a document is not a mapping`);
    out.push(value as K8sObject);
  }
  return out;
}

function readKustomization(dir: string): Dict {
  for (const name of ['kustomization.yaml', 'kustomization.yml', 'Kustomization']) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) {
      const k = YAML.parse(fs.readFileSync(file, 'utf8')) as Dict;
      for (const key of Object.keys(k)) {
        if (!KUSTOMIZATION_KEYS.has(key)) throw new Error(`${file}: field "${key}" is not supported by k8s/test/render.ts`);
      }
      return k;
    }
  }
  throw new Error(`${dir}: no kustomization file`);
}

const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.split('/')[0] : '');
const sameTarget = (a: K8sObject, b: K8sObject) =>
  a.kind === b.kind && a.metadata.name === b.metadata.name && groupOf(a.apiVersion) === groupOf(b.apiVersion);
export const idOf = (o: K8sObject) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;

/** Built-in kinds get strategic-merge list semantics; custom resources get JSON merge (lists replaced). */
const isBuiltIn = (apiVersion: string) => {
  const g = groupOf(apiVersion);
  return g === '' || !g.includes('.') || g.endsWith('.k8s.io');
};

function mergeKeyFor(field: string, items: unknown[]): string | undefined {
  switch (field) {
    case 'containers':
    case 'initContainers':
    case 'volumes':
    case 'env':
    case 'imagePullSecrets':
      return 'name';
    case 'volumeMounts':
      return 'mountPath';
    case 'ports': {
      const first = items.find(isDict);
      if (first && 'containerPort' in first) return 'containerPort';
      if (first && 'port' in first) return 'port';
      return undefined;
    }
    default:
      return undefined;
  }
}

function strategicMerge(target: unknown, patch: unknown, builtIn: boolean, field = ''): unknown {
  if (isDict(patch) && '$patch' in patch) throw new Error(`nested $patch directives are not supported (at ${field})`);
  if (Array.isArray(patch)) {
    const key = builtIn && Array.isArray(target) ? mergeKeyFor(field, [...patch, ...target]) : undefined;
    if (!key || !Array.isArray(target)) return structuredClone(patch);
    const out = target.map((t) => structuredClone(t));
    for (const p of patch) {
      if (!isDict(p)) throw new Error(`list ${field}: items must be mappings`);
      const i = out.findIndex((t) => isDict(t) && t[key] === p[key]);
      if (i >= 0) out[i] = strategicMerge(out[i], p, builtIn, field);
      else out.push(structuredClone(p));
    }
    return out;
  }
  if (isDict(patch)) {
    const out: Dict = isDict(target) ? structuredClone(target) : {};
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete out[k];
      else out[k] = strategicMerge(out[k], v, builtIn, k);
    }
    return out;
  }
  return patch;
}

function applyPatches(objects: K8sObject[], patches: unknown, dir: string): K8sObject[] {
  if (patches === undefined) return objects;
  if (!Array.isArray(patches)) throw new Error(`${dir}: patches must be a list`);
  let out = objects;
  for (const entry of patches) {
    if (!isDict(entry)) throw new Error(`${dir}: a patch must be a mapping`);
    if (entry.target !== undefined || entry.options !== undefined) {
      throw new Error(`${dir}: patch targets and options are not supported by k8s/test/render.ts`);
    }
    let docs: K8sObject[];
    if (typeof entry.path === 'string') docs = readYamlDocs(path.join(dir, entry.path));
    else if (typeof entry.patch === 'string') docs = YAML.parseAllDocuments(entry.patch).map((d) => d.toJS() as K8sObject);
    else throw new Error(`${dir}: a patch needs path or patch`);
    for (const doc of docs) {
      const raw = doc as unknown as Dict;
      const directive = raw.$patch;
      const matches = out.filter((o) => sameTarget(o, doc));
      if (matches.length !== 1) {
        throw new Error(`${dir}: patch ${doc.kind}/${doc.metadata?.name} matches ${matches.length} objects`);
      }
      if (directive === 'delete') {
        out = out.filter((o) => o !== matches[0]);
        continue;
      }
      if (directive !== undefined) throw new Error(`${dir}: $patch: ${String(directive)} is not supported`);
      const merged = strategicMerge(matches[0], doc, isBuiltIn(doc.apiVersion)) as K8sObject;
      // Like kustomize, a patch does not move an object between namespaces.
      merged.metadata.namespace = matches[0].metadata.namespace;
      if (matches[0].metadata.namespace === undefined) delete merged.metadata.namespace;
      out = out.map((o) => (o === matches[0] ? merged : o));
    }
  }
  return out;
}

function readEnvFile(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const t = line.trim();
    if (!t || t.startsWith('#')) continue;
    const eq = t.indexOf('=');
    if (eq <= 0) throw new Error(`${file}: "${t}" is not KEY=VALUE`);
    out[t.slice(0, eq)] = t.slice(eq + 1);
  }
  return out;
}

function applyGenerators(objects: K8sObject[], k: Dict, dir: string, opts: RenderOptions): K8sObject[] {
  let out = objects;
  for (const [field, kind] of [['configMapGenerator', 'ConfigMap'], ['secretGenerator', 'Secret']] as const) {
    const gens = k[field];
    if (gens === undefined) continue;
    if (!Array.isArray(gens)) throw new Error(`${dir}: ${field} must be a list`);
    for (const g of gens as Dict[]) {
      const name = g.name as string;
      const options = (g.options ?? {}) as Dict;
      if (options.disableNameSuffixHash !== true) {
        throw new Error(`${dir}: ${field} ${name} must set options.disableNameSuffixHash (hash suffixes are not rendered here)`);
      }
      for (const key of Object.keys(g)) {
        if (!['name', 'behavior', 'envs', 'literals', 'options', 'type'].includes(key)) {
          throw new Error(`${dir}: ${field} field "${key}" is not supported`);
        }
      }
      const data: Record<string, string> = {};
      for (const rel of (g.envs ?? []) as string[]) {
        let file = path.join(dir, rel);
        if (!fs.existsSync(file)) {
          const stand = opts.missingEnvFile?.(file);
          if (!stand) throw new Error(`${dir}: env file ${rel} does not exist`);
          file = stand;
        }
        Object.assign(data, readEnvFile(file));
      }
      for (const lit of (g.literals ?? []) as string[]) {
        const eq = lit.indexOf('=');
        data[lit.slice(0, eq)] = lit.slice(eq + 1);
      }
      const encoded =
        kind === 'Secret'
          ? Object.fromEntries(Object.entries(data).map(([key, v]) => [key, Buffer.from(v).toString('base64')]))
          : data;
      const behavior = (g.behavior as string | undefined) ?? 'create';
      const existing = out.find((o) => o.kind === kind && o.metadata.name === name);
      if (behavior === 'create') {
        if (existing) throw new Error(`${dir}: ${kind} ${name} already exists; use behavior: replace or merge`);
        const obj: K8sObject = { apiVersion: 'v1', kind, metadata: { name }, data: encoded };
        if (kind === 'Secret') obj.type = (g.type as string | undefined) ?? 'Opaque';
        out = [...out, obj];
      } else if (behavior === 'replace' || behavior === 'merge') {
        if (!existing) throw new Error(`${dir}: ${kind} ${name} to ${behavior} does not exist`);
        const next = structuredClone(existing);
        if (behavior === 'replace') {
          delete next.data;
          delete next.stringData;
          next.data = encoded;
        } else {
          next.data = { ...((next.data as Dict | undefined) ?? {}), ...encoded };
        }
        out = out.map((o) => (o === existing ? next : o));
      } else {
        throw new Error(`${dir}: generator behavior ${behavior} is not supported`);
      }
    }
  }
  return out;
}

function podTemplates(o: K8sObject): Dict[] {
  const spec = o.spec as Dict | undefined;
  if (!spec) return [];
  if (WORKLOADS.has(o.kind) && isDict(spec.template)) return [spec.template];
  if (o.kind === 'CronJob' && isDict(spec.jobTemplate)) {
    const js = (spec.jobTemplate as Dict).spec as Dict | undefined;
    return js && isDict(js.template) ? [js.template] : [];
  }
  return [];
}

export function containersOf(o: K8sObject): Dict[] {
  return podTemplates(o).flatMap((t) => {
    const s = (t.spec ?? {}) as Dict;
    return [...((s.initContainers as Dict[] | undefined) ?? []), ...((s.containers as Dict[] | undefined) ?? [])];
  });
}

/** Splits "repo/name:tag@digest" into name and the rest. */
export function imageName(image: string): string {
  const at = image.indexOf('@');
  const noDigest = at >= 0 ? image.slice(0, at) : image;
  const slash = noDigest.lastIndexOf('/');
  const colon = noDigest.lastIndexOf(':');
  return colon > slash ? noDigest.slice(0, colon) : noDigest;
}

function applyImages(objects: K8sObject[], images: unknown, dir: string): K8sObject[] {
  if (images === undefined) return objects;
  if (!Array.isArray(images)) throw new Error(`${dir}: images must be a list`);
  const out = structuredClone(objects);
  for (const img of images as Dict[]) {
    for (const c of out.flatMap(containersOf)) {
      if (typeof c.image !== 'string' || imageName(c.image) !== img.name) continue;
      const name = (img.newName as string | undefined) ?? (img.name as string);
      if (img.digest) c.image = `${name}@${img.digest as string}`;
      else if (img.newTag) c.image = `${name}:${img.newTag as string}`;
      else {
        const rest = c.image.slice(imageName(c.image).length);
        c.image = `${name}${rest}`;
      }
    }
  }
  return out;
}

function applyLabels(objects: K8sObject[], labels: unknown, dir: string): K8sObject[] {
  if (labels === undefined) return objects;
  if (!Array.isArray(labels)) throw new Error(`${dir}: labels must be a list`);
  const out = structuredClone(objects);
  for (const entry of labels as Dict[]) {
    if (entry.includeSelectors === true) throw new Error(`${dir}: labels.includeSelectors is not supported`);
    const pairs = entry.pairs as Record<string, string>;
    for (const o of out) {
      o.metadata.labels = { ...(o.metadata.labels ?? {}), ...pairs };
      if (entry.includeTemplates !== true) continue;
      for (const t of podTemplates(o)) {
        const meta = ((t.metadata as Dict | undefined) ?? (t.metadata = {})) as Dict;
        meta.labels = { ...((meta.labels as Dict | undefined) ?? {}), ...pairs };
      }
      if (o.kind === 'StatefulSet') {
        for (const vct of (((o.spec as Dict).volumeClaimTemplates as Dict[] | undefined) ?? [])) {
          const meta = ((vct.metadata as Dict | undefined) ?? (vct.metadata = {})) as Dict;
          meta.labels = { ...((meta.labels as Dict | undefined) ?? {}), ...pairs };
        }
      }
    }
  }
  return out;
}

function applyNamespace(objects: K8sObject[], ns: unknown): K8sObject[] {
  if (ns === undefined) return objects;
  return objects.map((o) => {
    const c = structuredClone(o);
    if (c.kind === 'Namespace') c.metadata.name = ns as string;
    else if (!CLUSTER_SCOPED.has(c.kind)) c.metadata.namespace = ns as string;
    return c;
  });
}

function loadResources(entries: unknown, dir: string, opts: RenderOptions): K8sObject[] {
  if (entries === undefined) return [];
  if (!Array.isArray(entries)) throw new Error(`${dir}: resources must be a list`);
  return entries.flatMap((rel: string) => {
    const p = path.join(dir, rel);
    if (!fs.existsSync(p)) throw new Error(`${dir}: resource ${rel} does not exist`);
    return fs.statSync(p).isDirectory() ? render(p, opts) : readYamlDocs(p);
  });
}

/** Renders the kustomization in `dir` to a list of objects, in the order kustomize applies its steps. */
export function render(dir: string, opts: RenderOptions = {}): K8sObject[] {
  const k = readKustomization(dir);
  let objects = loadResources(k.resources, dir, opts);
  for (const rel of (k.components ?? []) as string[]) {
    const cdir = path.join(dir, rel);
    const c = readKustomization(cdir);
    if (c.kind !== 'Component') throw new Error(`${cdir}: a component needs kind: Component`);
    objects = [...objects, ...loadResources(c.resources, cdir, opts)];
    objects = applyGenerators(objects, c, cdir, opts);
    objects = applyPatches(objects, c.patches, cdir);
    objects = applyImages(objects, c.images, cdir);
    objects = applyLabels(objects, c.labels, cdir);
  }
  objects = applyGenerators(objects, k, dir, opts);
  objects = applyPatches(objects, k.patches, dir);
  objects = applyNamespace(objects, k.namespace);
  objects = applyImages(objects, k.images, dir);
  objects = applyLabels(objects, k.labels, dir);
  const seen = new Set<string>();
  for (const o of objects) {
    const id = idOf(o);
    if (seen.has(id)) throw new Error(`${dir}: ${id} is defined twice`);
    seen.add(id);
  }
  return objects;
}
