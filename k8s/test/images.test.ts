/**
 * Every image the manifests run is built by skaffold from a Dockerfile in docker/, and every
 * Dockerfile follows the image rules: multi-stage, npm ci from the workspace, dev
 * dependencies pruned, non-root, an init process as PID 1, a HEALTHCHECK.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { ROOT, TARGETS, containers, objectsOf, workloads, imageName } from './targets';

type Artifact = { image: string; context?: string; docker?: { dockerfile?: string; buildArgs?: Record<string, string> } };
type Profile = { name: string; manifests?: { kustomize?: { paths: string[] } }; portForward?: { resourceType: string; resourceName: string; namespace?: string; port: number }[] };
const skaffold = YAML.parse(fs.readFileSync(path.join(ROOT, 'skaffold.yaml'), 'utf8')) as {
  apiVersion: string;
  kind: string;
  build: { artifacts: Artifact[] };
  manifests: { kustomize: { paths: string[] } };
  profiles: Profile[];
};
const artifacts = skaffold.build.artifacts;
const dockerfileOf = (a: Artifact) => path.join(ROOT, a.context ?? '.', a.docker?.dockerfile ?? 'Dockerfile');

describe('skaffold.yaml', () => {
  test('is a skaffold v4beta config with dev and prod profiles', () => {
    expect(skaffold.apiVersion).toMatch(/^skaffold\/v4beta\d+$/);
    expect(skaffold.kind).toBe('Config');
    expect(skaffold.profiles.map((p) => p.name).sort()).toEqual(['dev', 'prod']);
  });

  test('every artifact builds from an existing Dockerfile under docker/, with the repository as context', () => {
    for (const a of artifacts) {
      expect(a.context ?? '.').toBe('.');
      expect(a.docker?.dockerfile).toMatch(/^docker\/[a-z-]+\/Dockerfile$/);
      expect(fs.existsSync(dockerfileOf(a))).toBe(true);
    }
    expect(new Set(artifacts.map((a) => a.image)).size).toBe(artifacts.length);
  });

  test('the profiles deploy the overlays with kustomize, and dev port-forwards the web Service', () => {
    const dev = skaffold.profiles.find((p) => p.name === 'dev')!;
    const prod = skaffold.profiles.find((p) => p.name === 'prod')!;
    expect(dev.manifests!.kustomize!.paths).toEqual(['k8s/overlays/dev']);
    expect(prod.manifests!.kustomize!.paths).toEqual(['k8s/overlays/prod']);
    for (const p of [...dev.manifests!.kustomize!.paths, ...prod.manifests!.kustomize!.paths, ...skaffold.manifests.kustomize.paths]) {
      expect(fs.existsSync(path.join(ROOT, p, 'kustomization.yaml'))).toBe(true);
    }
    const pf = dev.portForward!.find((f) => f.resourceName === 'web')!;
    expect(pf.resourceType).toBe('service');
    expect(pf.port).toBe(8080);
    const ns = objectsOf('overlays/dev').find((o) => o.kind === 'Namespace')!.metadata.name;
    expect(pf.namespace).toBe(ns);
  });

  test.each(TARGETS)('%s: every journal/* image in the manifests is a skaffold artifact', (target) => {
    const built = new Set(artifacts.map((a) => a.image));
    const used = new Set(workloads(objectsOf(target)).flatMap((w) => containers(w).map((c) => imageName(c.image))).filter((n) => n.startsWith('journal/')));
    expect([...used].filter((n) => !built.has(n))).toEqual([]);
    // And nothing is built that no manifest runs.
    expect([...built].filter((n) => !used.has(n))).toEqual([]);
  });
});

describe('the shared Node service recipe', () => {
  test('each artifact built from it names a real workspace, its folder and its port', () => {
    const shared = artifacts.filter((a) => a.docker?.buildArgs);
    expect(shared.length).toBeGreaterThan(0);
    for (const a of shared) {
      const { WORKSPACE, PKG_DIR, SERVICE_PORT } = a.docker!.buildArgs!;
      const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, PKG_DIR!, 'package.json'), 'utf8')) as { name: string };
      expect([a.image, pkg.name]).toEqual([a.image, WORKSPACE]);
      expect(Number(SERVICE_PORT)).toBeGreaterThan(0);
    }
  });
});

describe.each(artifacts.map((a) => [a.image, a] as const))('Dockerfile of %s', (image, a) => {
  const text = fs.readFileSync(dockerfileOf(a), 'utf8');
  const lines = text.split('\n').filter((l) => !l.trim().startsWith('#'));
  const stages = lines.filter((l) => /^FROM\s/i.test(l));
  const runtime = lines.slice(lines.findIndex((l) => l === stages[stages.length - 1])).join('\n');
  const isWeb = image === 'journal/web';

  test('is multi-stage and builds on Node 20 (bookworm-slim)', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/ARG NODE_IMAGE=node:20-bookworm-slim/);
    expect(stages[0]).toMatch(/^FROM \$\{NODE_IMAGE\} AS (build|deps)$/);
  });

  test('installs with npm ci from the workspace root and keeps dev dependencies out of the runtime', () => {
    expect(text).toMatch(/COPY package\.json package-lock\.json/);
    expect(text).toMatch(/npm ci\b/);
    if (isWeb) {
      // The runtime stage is nginx: no Node and no node_modules at all.
      expect(runtime).not.toMatch(/node_modules/);
    } else {
      // A deps stage installs production dependencies only; the runtime copies node_modules from it.
      expect(text).toMatch(/AS deps[\s\S]*npm ci --omit=dev --workspace=@journal\/common --workspace=(@journal\/[a-z-]+|\$\{WORKSPACE\})/);
      const copies = [...runtime.matchAll(/^COPY --from=(\w+) \S*node_modules\S* /gm)].map((m) => m[1]);
      expect(copies.length).toBeGreaterThan(0);
      expect(copies.every((stage) => stage === 'deps')).toBe(true);
    }
  });

  test('runs as a non-root user under tini, with a HEALTHCHECK', () => {
    const user = [...runtime.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]).pop();
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(runtime).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"/m);
    expect(runtime).toMatch(/apt-get install[^\n]*\btini\b/);
    expect(runtime).toMatch(/^HEALTHCHECK /m);
  });

  test('runs as the uid the pods declare', () => {
    const user = [...runtime.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]).pop()!;
    const uid = Number(user.split(':')[0]);
    for (const target of TARGETS) {
      for (const w of workloads(objectsOf(target))) {
        if (!containers(w).some((c) => imageName(c.image) === image)) continue;
        const sc = ((w.spec as { template: { spec: { securityContext: { runAsUser: number } } } }).template.spec.securityContext);
        expect([w.metadata.name, sc.runAsUser]).toEqual([w.metadata.name, uid]);
      }
    }
  });

  test('has a .dockerignore beside it that keeps node_modules, builds and secrets out of the context', () => {
    const ignore = fs.readFileSync(`${dockerfileOf(a)}.dockerignore`, 'utf8');
    for (const pattern of ['**/node_modules', '**/dist', '.git', '.data', '**/secrets.env']) expect(ignore).toContain(pattern);
  });

  test('copies every workspace manifest before npm ci (the lock file covers them all)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    for (const ws of pkg.workspaces) expect(text).toContain(`COPY ${ws}/package.json ${ws}/`);
  });

  if (image === 'journal/pdf-worker') {
    test('installs Debian Chromium with Latin and Devanagari fonts', () => {
      expect(runtime).toMatch(/apt-get install[^\n]*\bchromium\b/);
      expect(runtime).toMatch(/fonts-noto-core/);
      expect(runtime).toMatch(/fonts-lohit-deva/);
      expect(runtime).toMatch(/CHROMIUM_PATH=\/usr\/bin\/chromium/);
      // The code launches it without /dev/shm reliance (the pods add a memory /dev/shm as well).
      const renderer = fs.readFileSync(path.join(ROOT, 'services/pdf-worker/src/render/renderer.ts'), 'utf8');
      expect(renderer).toContain('--disable-dev-shm-usage');
    });
  }

  if (isWeb) {
    test('serves the Vite build with the same nginx template the local run uses', () => {
      expect(runtime).toMatch(/COPY docker\/nginx\/default\.conf\.template \/etc\/nginx\/templates\/default\.conf\.template/);
      expect(runtime).toMatch(/COPY --from=build \/app\/web\/dist\/ \/usr\/share\/nginx\/html\//);
      expect(fs.existsSync(path.join(ROOT, 'docker/nginx/default.conf.template'))).toBe(true);
    });
  } else {
    test('compiles its package with tsc and starts dist/main.js', () => {
      expect(text).toMatch(/npx tsc -b /);
      expect(runtime).toMatch(/^CMD \["node", "dist\/main\.js"\]/m);
    });
  }
});

/**
 * The images hold only the production dependencies of their package and of @journal/common, so a
 * runtime import of anything else (a root devDependency that happens to be installed here) would
 * crash the container at start. Every bare import in the shipped sources must be declared.
 */
describe.each([
  ['gateway', 'gateway'],
  ['content', 'services/content'],
  ['auth', 'services/auth'],
  ['worklog', 'services/worklog'],
  ['pdf-worker', 'services/pdf-worker'],
])('runtime imports of %s', (_name, dir) => {
  const depsOf = (d: string) => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, d, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    return Object.keys(pkg.dependencies ?? {});
  };
  const sources = (d: string): string[] =>
    fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(d, e.name);
      if (e.isDirectory()) return sources(p);
      return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !p.includes(`${path.sep}testing${path.sep}`) ? [p] : [];
    });
  const bareImports = (d: string) => {
    const found = new Set<string>();
    for (const file of sources(path.join(ROOT, d, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s(?!type\b)[^'"]*?from\s+'([^'.][^']*)'|require\('([^'.][^']*)'\)|import\('([^'.][^']*)'\)/g)) {
        const spec = m[1] ?? m[2] ?? m[3];
        if (spec.startsWith('node:')) continue;
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        found.add(name);
      }
    }
    return [...found];
  };
  const builtins = new Set(require('node:module').builtinModules as string[]);

  test('every package it imports at run time is a declared dependency', () => {
    const declared = new Set([...depsOf(dir), ...depsOf('services/common')]);
    const missing = bareImports(dir).filter((n) => !declared.has(n) && !builtins.has(n));
    expect(missing).toEqual([]);
  });

  test('@journal/common imports only its own dependencies', () => {
    const declared = new Set(depsOf('services/common'));
    expect(bareImports('services/common').filter((n) => !declared.has(n) && !builtins.has(n))).toEqual([]);
  });
});
