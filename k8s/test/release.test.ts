/**
 * What keeps a release a release: prod runs only images pinned by digest from a registry (the
 * release step writes them, the admission policy refuses anything else, so the unreleased
 * overlay fails closed); the routine commands of the runbook change no image; no usable secret
 * lives outside the dev overlay; and a ConfigMap change rolls exactly the pods that read it.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {
  K8S, RELEASE_REGISTRY, ROOT, containers, copyOfK8s, fakeDigest, find, kustomizeBuild, objectsOf, ofKind, releasedProd,
  workloads, type K8sObject,
} from './targets';

type Dict = Record<string, unknown>;
const imagesOf = (objs: K8sObject[]) =>
  Object.fromEntries(workloads(objs).map((w) => [w.metadata.name, containers(w).map((c) => String(c.image))]));

/** The image rule of the admission policy, as the API server evaluates it (CEL `matches`, RE2). */
function policyRegex(objs: K8sObject[]): RegExp {
  const vap = find(objs, 'ValidatingAdmissionPolicy', 'journal-released-images')!;
  const expr = ((vap.spec as { validations: { expression: string }[] }).validations[0]).expression;
  const m = /matches\('(.+)'\)\)/.exec(expr);
  if (!m) throw new Error(`unexpected policy expression: ${expr}`);
  return new RegExp(m[1]);
}

describe('releases', () => {
  const unreleased = objectsOf('overlays/prod');
  const released = releasedProd().objs;

  test('the admission policy covers every workload of the prod namespace', () => {
    const vap = find(unreleased, 'ValidatingAdmissionPolicy', 'journal-released-images')!;
    const rules = (vap.spec as { matchConstraints: { resourceRules: { resources: string[]; operations: string[] }[] } }).matchConstraints.resourceRules;
    expect(rules.flatMap((r) => r.resources).sort()).toEqual(['deployments', 'statefulsets']);
    expect(rules.flatMap((r) => r.operations).sort()).toEqual(['CREATE', 'UPDATE']);
    const binding = find(unreleased, 'ValidatingAdmissionPolicyBinding', 'journal-released-images')!;
    const spec = binding.spec as { policyName: string; validationActions: string[]; matchResources: { namespaceSelector: { matchLabels: Record<string, string> } } };
    expect(spec.policyName).toBe('journal-released-images');
    expect(spec.validationActions).toEqual(['Deny']);
    const ns = unreleased.find((o) => o.kind === 'Namespace')!.metadata.name;
    expect(spec.matchResources.namespaceSelector.matchLabels).toEqual({ 'kubernetes.io/metadata.name': ns });
  });

  test('unreleased, prod names no registry, and the policy refuses every workload (fails closed)', () => {
    const re = policyRegex(unreleased);
    for (const [name, images] of Object.entries(imagesOf(unreleased))) {
      expect([name, images.some((i) => re.test(i))]).toEqual([name, false]);
    }
  });

  test('released, every image is the registry path skaffold pushed, pinned by digest, and the policy admits it', () => {
    const re = policyRegex(released);
    for (const [name, images] of Object.entries(imagesOf(released))) {
      for (const image of images) {
        expect([name, image]).toEqual([name, expect.stringMatching(new RegExp(`^${RELEASE_REGISTRY}/journal-[a-z-]+@sha256:[a-f0-9]{64}$`))]);
        const base = image.slice(RELEASE_REGISTRY.length + 1).split('@')[0];
        expect(image.endsWith(fakeDigest(base))).toBe(true);
        expect(re.test(image)).toBe(true);
      }
    }
  });

  test('the policy refuses a tag without digest and an image without registry', () => {
    const re = policyRegex(released);
    expect(re.test(`${RELEASE_REGISTRY}/journal-gateway:1.0.0`)).toBe(false);
    expect(re.test(`journal-gateway@${fakeDigest('journal-gateway')}`)).toBe(false);
    expect(re.test(`${RELEASE_REGISTRY}/journal-gateway:abc123@${fakeDigest('journal-gateway')}`)).toBe(true);
  });

  test('skaffold, kustomize and the runbook name the images alike, without what --default-repo escapes', () => {
    const skaffold = YAML.parse(fs.readFileSync(path.join(ROOT, 'skaffold.yaml'), 'utf8')) as { build: { artifacts: { image: string }[] } };
    const names = skaffold.build.artifacts.map((a) => a.image).sort();
    // skaffold rewrites '/' and '.' to '_' under --default-repo; these names keep their spelling.
    for (const n of names) expect(n).toMatch(/^journal-[a-z-]+$/);
    const used = [...new Set(Object.values(imagesOf(objectsOf('overlays/dev'))).flat().filter((i) => i.startsWith('journal-')))].sort();
    expect(used).toEqual(names);
    const doc = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
    const inDoc = new Set([...doc.matchAll(/\bjournal[-/_][a-z][a-z-]*[a-z]\b/g)].map((m) => m[0]).filter((m) => /^journal[/_]|^journal-(gateway|content|auth|worklog|pdf-worker|web|render)$/.test(m)));
    expect([...inDoc].filter((n) => !names.includes(n))).toEqual([]);
  });
});

/** Shell commands in the runbook's code blocks, by the section they are in. */
function runbookCommands(): { section: string; command: string }[] {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
  const out: { section: string; command: string }[] = [];
  let section = '';
  let inCode = false;
  for (const line of doc.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    else if (!inCode && /^##+ /.test(line)) section = line.replace(/^#+ /, '');
    else if (inCode && line.trim() && !line.trim().startsWith('#')) out.push({ section, command: line.trim() });
  }
  return out;
}

describe('the runbook', () => {
  const commands = runbookCommands();
  const routine = commands.filter((c) => !/^Release\b/.test(c.section));

  test('has a release section, and the release is the only place that changes images', () => {
    expect(commands.some((c) => /^Release\b/.test(c.section) && /scripts\/release\.sh /.test(c.command))).toBe(true);
    const changing = routine.filter((c) =>
      /kubectl (-n \S+ )?set image|kustomize edit set image|skaffold (run|deploy|dev\b.*-p prod)|--default-repo|release\.sh/.test(c.command) && !/-p dev/.test(c.command));
    expect(changing).toEqual([]);
  });

  test('every routine apply applies an overlay from git, whose images are the released ones', () => {
    const applies = routine.filter((c) => /kubectl (-n \S+ )?apply\b/.test(c.command));
    expect(applies.length).toBeGreaterThan(0);
    for (const a of applies) {
      // -k of an overlay (what git holds), or a manifest generated from a Secret/ConfigMap value.
      const ok = /apply -k k8s\/overlays\/(prod|dev)\b/.test(a.command) || /apply -f -$/.test(a.command) && !/image/.test(a.command);
      expect([a.section, a.command, ok]).toEqual([a.section, a.command, true]);
    }
    // And applying the overlay after a release is the release: every image stays what it pinned.
    const { objs } = releasedProd();
    for (const images of Object.values(imagesOf(objs))) for (const i of images) expect(i).toMatch(/@sha256:/);
  });

  test('no routine command patches an object the next apply would reset', () => {
    expect(routine.filter((c) => /kubectl (-n \S+ )?patch (hpa|deployment|scaledobject)/.test(c.command))).toEqual([]);
  });
});

describe('secrets', () => {
  /** Every YAML and env file under k8s/ outside the dev overlay, with its Secrets and generators. */
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return p.includes(`${path.sep}test`) ? [] : files(p);
      return /\.(ya?ml|env)$/.test(e.name) ? [p] : [];
    });
  const outsideDev = files(K8S).filter((f) => !f.startsWith(path.join(K8S, 'overlays/dev')));

  test('no Secret, secretGenerator or credential is written anywhere in k8s/ but the dev overlay', () => {
    const found: string[] = [];
    for (const f of outsideDev) {
      const text = fs.readFileSync(f, 'utf8');
      if (/^kind: Secret$/m.test(text)) found.push(`${f}: a Secret`);
      if (/secretGenerator/.test(text)) found.push(`${f}: a secretGenerator`);
      if (/[a-z]+:\/\/[^/\s:@]+:[^@\s]+@/i.test(text)) found.push(`${f}: a URL with a password`);
      if (/(SECRET|PASSWORD|TOKEN)\s*[=:]\s*\S{8,}/.test(text)) found.push(`${f}: a secret value`);
    }
    expect(found).toEqual([]);
  });

  test('prod renders no Secret: the pods read journal-secrets, which the SRE creates', () => {
    const prod = objectsOf('overlays/prod');
    expect(ofKind(prod, 'Secret')).toEqual([]);
    const refs = new Set(
      workloads(prod).flatMap((w) => containers(w).flatMap((c) => ((c.env ?? []) as { valueFrom?: { secretKeyRef?: { name: string } } }[]).map((e) => e.valueFrom?.secretKeyRef?.name))),
    );
    refs.delete(undefined);
    expect([...refs]).toEqual(['journal-secrets']);
  });

  test('the dev overlay marks its secrets as development values and runs them outside production', () => {
    const dev = objectsOf('overlays/dev');
    for (const s of ofKind(dev, 'Secret')) {
      const values = Object.values((s.data ?? {}) as Record<string, string>).map((v) => Buffer.from(v.replace(/\s/g, ''), 'base64').toString());
      const secretish = values.filter((v) => /dev-only/.test(v));
      expect(secretish.length).toBeGreaterThan(0);
    }
  });
});

describe('config roll-outs', () => {
  /** The pod template of every Deployment, as kustomize renders it. */
  const templates = (objs: K8sObject[]) =>
    Object.fromEntries(ofKind(objs, 'Deployment').map((d) => [d.metadata.name, JSON.stringify((d.spec as Dict).template)]));
  const changed = (a: Record<string, string>, b: Record<string, string>) => Object.keys(a).filter((k) => a[k] !== b[k]).sort();

  test('changing TRUSTED_PROXIES in prod rolls the gateway pods, and only them', () => {
    const k8s = copyOfK8s();
    const before = templates(kustomizeBuild(path.join(k8s, 'overlays/prod')));
    const file = path.join(k8s, 'overlays/prod/kustomization.yaml');
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('TRUSTED_PROXIES=10.0.0.0/8');
    fs.writeFileSync(file, text.replace('TRUSTED_PROXIES=10.0.0.0/8', 'TRUSTED_PROXIES=10.244.0.0/16'));
    const after = templates(kustomizeBuild(path.join(k8s, 'overlays/prod')));
    expect(changed(before, after)).toEqual(['gateway']);
  });

  test('changing a value of the base rolls the Deployments that read that ConfigMap', () => {
    const k8s = copyOfK8s();
    const before = templates(kustomizeBuild(path.join(k8s, 'overlays/dev')));
    const file = path.join(k8s, 'base/config/pdf-worker.env');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('PDF_BATCH_SIZE=50', 'PDF_BATCH_SIZE=40'));
    const after = templates(kustomizeBuild(path.join(k8s, 'overlays/dev')));
    expect(changed(before, after)).toEqual(['pdf-worker']);
  });

  test('every ConfigMap a pod reads carries the hash of its content', () => {
    for (const t of ['overlays/dev', 'overlays/prod'] as const) {
      // The Grafana dashboard is read by the Grafana sidecar, by label, not by a pod: it keeps one name.
      for (const cm of ofKind(objectsOf(t), 'ConfigMap').filter((c) => c.metadata.labels?.grafana_dashboard !== '1')) {
        expect(cm.metadata.name).toMatch(/-[a-z0-9]{10}$/);
      }
    }
  });
});
