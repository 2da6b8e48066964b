/**
 * Every kustomize target renders offline, and every object in it is valid against the Kubernetes
 * (and KEDA) schemas of kubernetes-models. Where the real kustomize is installed
 * (k8s/tools/install-kustomize.sh), its rendering must equal ours object for object.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { idOf, type K8sObject } from './render';
import { K8S, ROOT, TARGETS, objectsOf } from './targets';

type Model = { new (data: unknown): { validate(): void } };

/** The model class of an apiVersion and kind, from the installed schema packages only (no network). */
function modelFor(apiVersion: string, kind: string): Model | undefined {
  const candidates =
    apiVersion === 'keda.sh/v1alpha1'
      ? ['@kubernetes-models/keda/keda.sh/v1alpha1']
      : [`kubernetes-models/${apiVersion}`];
  for (const mod of candidates) {
    try {
      const m = require(mod) as Record<string, Model>;
      if (m[kind]) return m[kind];
    } catch {
      /* not a known group/version */
    }
  }
  return undefined;
}

describe.each(TARGETS)('kustomize target %s', (target) => {
  const objs = objectsOf(target);

  test('renders objects with unique kind/namespace/name', () => {
    expect(objs.length).toBeGreaterThan(20);
    expect(new Set(objs.map(idOf)).size).toBe(objs.length);
  });

  test('every object is valid against its Kubernetes schema', () => {
    const problems: string[] = [];
    for (const o of objs) {
      const M = modelFor(o.apiVersion, o.kind);
      if (!M) {
        problems.push(`${idOf(o)}: no schema for ${o.apiVersion} ${o.kind}`);
        continue;
      }
      try {
        new M(structuredClone(o)).validate();
      } catch (err) {
        problems.push(`${idOf(o)}: ${(err as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('namespaced objects live in the target namespace', () => {
    const ns = objs.find((o) => o.kind === 'Namespace')!.metadata.name;
    const stray = objs.filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== ns).map(idOf);
    expect(stray).toEqual([]);
  });
});

describe('schema validation catches mistakes (the validator is really on)', () => {
  test('a probe without a port and a bad pull policy are refused', () => {
    const M = modelFor('apps/v1', 'Deployment')!;
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
    expect(() => new M(bad).validate()).toThrow(/imagePullPolicy|port/);
  });
});

/** The real kustomize, when k8s/tools/install-kustomize.sh (or the machine) provides it. */
function kustomizeBinary(): string | undefined {
  const local = path.join(ROOT, '.data/tools/bin/kustomize');
  if (fs.existsSync(local)) return local;
  try {
    execFileSync('kustomize', ['version'], { stdio: 'ignore' });
    return 'kustomize';
  } catch {
    return undefined;
  }
}

/** Secret data is base64 that kustomize may fold over lines; compare the decoded text. */
function normalise(o: K8sObject): K8sObject {
  const c = structuredClone(o);
  if (c.kind === 'Secret' && c.data) {
    c.data = Object.fromEntries(
      Object.entries(c.data as Record<string, string>).map(([k, v]) => [k, Buffer.from(v.replace(/\s+/g, ''), 'base64').toString()]),
    );
  }
  return c;
}

const kustomize = kustomizeBinary();
(kustomize ? describe : describe.skip)('the offline renderer agrees with kustomize', () => {
  let copy: string;
  beforeAll(() => {
    // Build from a copy, where secrets.env may be created from its example without touching the tree.
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'k8s-render-'));
    fs.cpSync(K8S, path.join(copy, 'k8s'), { recursive: true, filter: (src) => !src.includes(`${path.sep}test`) });
    const env = path.join(copy, 'k8s/overlays/prod/secrets.env');
    if (!fs.existsSync(env)) fs.copyFileSync(`${env}.example`, env);
  });
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

  test.each(TARGETS)('%s', (target) => {
    const out = execFileSync(kustomize!, ['build', path.join(copy, 'k8s', target)], { encoding: 'utf8' });
    const theirs = YAML.parseAllDocuments(out).map((d) => normalise(d.toJS() as K8sObject));
    const ours = objectsOf(target).map(normalise);
    const byId = (list: K8sObject[]) => Object.fromEntries(list.map((o) => [idOf(o), o]));
    expect(byId(ours)).toEqual(byId(theirs));
  });
});
