/**
 * Every image the manifests run is built by skaffold as a target of docker/Dockerfile, and every
 * target is multi-stage, installs with npm ci from the workspace, prunes dev dependencies,
 * runs non-root under an init process with a HEALTHCHECK, on Node.js 24 pinned by digest.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { ROOT, TARGETS, containers, objectsOf, workloads, imageName } from './targets';

type Artifact = { image: string; context?: string; docker?: { dockerfile?: string; target?: string; buildArgs?: Record<string, string> } };
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

/** A Dockerfile's stages in order: name, what it starts FROM, and its lines (comments left out). */
function stagesOf(text: string) {
  const lines = text.split('\n').filter((l) => !l.trim().startsWith('#'));
  const stages: { name: string; from: string; text: string }[] = [];
  for (const l of lines) {
    const m = /^FROM (\S+)(?: AS (\S+))?/i.exec(l);
    if (m) stages.push({ name: m[2] ?? '', from: m[1]!, text: '' });
    if (stages.length) stages[stages.length - 1]!.text += `${l}\n`;
  }
  return stages;
}

/** The lines an image is made of: its target stage and the stages it starts FROM, base first. */
function runtimeOf(text: string, target: string | undefined): string {
  const stages = stagesOf(text);
  const chain: string[] = [];
  let st = target ? stages.find((x) => x.name === target) : stages[stages.length - 1];
  while (st) {
    chain.unshift(st.text);
    const from = st.from;
    st = stages.find((x) => x.name === from);
  }
  return chain.join('');
}

describe('skaffold.yaml', () => {
  test('is a skaffold v4beta config with dev and prod profiles', () => {
    expect(skaffold.apiVersion).toMatch(/^skaffold\/v4beta\d+$/);
    expect(skaffold.kind).toBe('Config');
    expect(skaffold.profiles.map((p) => p.name).sort()).toEqual(['dev', 'prod']);
  });

  test('every artifact builds a target of the one Dockerfile, docker/Dockerfile, with the repository as context', () => {
    for (const a of artifacts) {
      expect(a.context ?? '.').toBe('.');
      expect(a.docker?.dockerfile).toBe('docker/Dockerfile');
      expect(fs.existsSync(dockerfileOf(a))).toBe(true);
      const names = stagesOf(fs.readFileSync(dockerfileOf(a), 'utf8')).map((st) => st.name);
      expect([a.image, names.includes(a.docker?.target ?? '')]).toEqual([a.image, true]);
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

  test.each(TARGETS)('%s: every journal-* image in the manifests is a skaffold artifact', (target) => {
    const built = new Set(artifacts.map((a) => a.image));
    const used = new Set(workloads(objectsOf(target)).flatMap((w) => containers(w).map((c) => imageName(c.image))).filter((n) => n.startsWith('journal-')));
    expect([...used].filter((n) => !built.has(n))).toEqual([]);
    // And nothing is built that no manifest runs.
    expect([...built].filter((n) => !used.has(n))).toEqual([]);
  });
});

describe('the shared Node service recipe', () => {
  test('each artifact built from it names a real workspace, its folder and its port', () => {
    const shared = artifacts.filter((a) => a.docker?.target === 'node-service');
    expect(shared.length).toBeGreaterThan(0);
    for (const a of shared) {
      const { WORKSPACE, PKG_DIR, SERVICE_PORT, CLI_ENTRY } = a.docker!.buildArgs!;
      const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, PKG_DIR!, 'package.json'), 'utf8')) as { name: string; bin?: Record<string, string> };
      expect([a.image, pkg.name]).toEqual([a.image, WORKSPACE]);
      expect(Number(SERVICE_PORT)).toBeGreaterThan(0);
      // The operator CLI is on PATH in the content and auth images, as the package declares it.
      expect([a.image, Boolean(CLI_ENTRY)]).toEqual([a.image, ['journal-content', 'journal-auth'].includes(a.image)]);
      if (CLI_ENTRY && pkg.bin) expect(pkg.bin.jp).toBe(CLI_ENTRY);
    }
  });
});

describe.each(artifacts.map((a) => [a.image, a] as const))('Dockerfile of %s', (image, a) => {
  const text = fs.readFileSync(dockerfileOf(a), 'utf8');
  const all = stagesOf(text);
  const stages = all.map((st) => st.text.split('\n')[0]!);
  const runtime = runtimeOf(text, a.docker?.target);
  const app = all.find((st) => st.name === 'app')?.text ?? '';
  const isWeb = image === 'journal-web';
  const isRender = image === 'journal-render';

  test('is multi-stage and builds on Node.js 24 LTS, every base image pinned by digest', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^ARG NODE_IMAGE=node:24\.\d+\.\d+-bookworm-slim@sha256:[a-f0-9]{64}$/m);
    expect(stages[0]).toMatch(/^FROM \$\{NODE_IMAGE\} AS (build|deps)$/);
    // Every FROM is an ARG pinned by digest, an earlier stage or the empty image; no moving tag anywhere.
    const args = Object.fromEntries([...text.matchAll(/^ARG ([A-Z_]+_IMAGE)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
    for (const v of Object.values(args)) expect(v).toMatch(/^[a-z0-9./-]+:[\w.-]+@sha256:[a-f0-9]{64}$/);
    all.forEach((st, i) => {
      const arg = /^\$\{([A-Z_]+)\}$/.exec(st.from)?.[1];
      const earlier = all.slice(0, i).map((x) => x.name);
      expect([st.from, arg ? Boolean(args[arg]) : st.from === 'scratch' || earlier.includes(st.from)]).toEqual([st.from, true]);
    });
  });

  test('installs with npm ci from the workspace root and keeps dev dependencies out of the runtime', () => {
    expect(text).toMatch(/COPY --parents package\.json package-lock\.json \.npmrc /);
    expect(text).toMatch(/npm ci\b/);
    if (isWeb) {
      // The runtime stage is nginx: no Node and no node_modules at all.
      expect(runtime).not.toMatch(/node_modules/);
    } else {
      // A deps stage installs production dependencies only (of the workspace the build names); the
      // runtime takes the app stage, which copies node_modules from deps alone.
      expect(text).toMatch(/AS deps[\s\S]*npm ci --omit=dev --workspace=@journal\/contracts --workspace=@journal\/server-kit --workspace=\$\{WORKSPACE\}/);
      expect(a.docker?.buildArgs?.WORKSPACE).toBe(isRender ? '@journal/web' : JSON.parse(fs.readFileSync(path.join(ROOT, a.docker!.buildArgs!.PKG_DIR!, 'package.json'), 'utf8')).name);
      expect(runtime).toMatch(/^COPY --from=app \/app\/ \/app\/$/m);
      expect(runtime).not.toMatch(/^COPY --from=(?!app )\S+ \S*node_modules/m);
      const copies = [...app.matchAll(/^COPY --from=(\w+) \S*node_modules\S* /gm)].map((m) => m[1]);
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
      const using = workloads(objectsOf(target)).filter((w) => containers(w).some((c) => imageName(c.image) === image));
      // An image no workload runs is checked by nothing here: that is a failure, not a pass.
      expect([target, image, using.length > 0]).toEqual([target, image, true]);
      for (const w of using) {
        const sc = ((w.spec as { template: { spec: { securityContext: { runAsUser: number } } } }).template.spec.securityContext);
        expect([w.metadata.name, sc.runAsUser]).toEqual([w.metadata.name, uid]);
      }
    }
  });

  test('has a .dockerignore beside it that keeps node_modules, builds and secrets out of the context', () => {
    const ignore = fs.readFileSync(`${dockerfileOf(a)}.dockerignore`, 'utf8');
    for (const pattern of ['**/node_modules', '**/dist', '.git', '.data', '**/secrets.env']) expect(ignore).toContain(pattern);
  });

  test('copies every workspace manifest, at its own path, before npm ci (the lock file covers them all)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    const sources = /^COPY --parents (.+) \.\/$/m.exec(text)?.[1]?.split(' ') ?? [];
    const globs = sources.filter((src) => src.includes('/'));
    expect(sources).toEqual(expect.arrayContaining(['package.json', 'package-lock.json']));
    const manifests = pkg.workspaces.map((ws) => `${ws}/package.json`);
    for (const m of manifests) expect([m, globs.some((g) => path.matchesGlob(m, g))]).toEqual([m, true]);
    // No glob names a folder that is not a workspace (its manifest would not be in the lock file).
    for (const g of globs) expect([g, manifests.some((m) => path.matchesGlob(m, g))]).toEqual([g, true]);
    for (const dir of ['packages', 'services']) {
      for (const d of fs.readdirSync(path.join(ROOT, dir))) {
        if (fs.existsSync(path.join(ROOT, dir, d, 'package.json'))) expect(pkg.workspaces).toContain(`${dir}/${d}`);
      }
    }
  });

  if (image === 'journal-pdf-worker') {
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
  } else if (!isRender) {
    test('compiles its package with tsc and starts dist/main.js', () => {
      expect(text).toMatch(/npx tsc -b /);
      expect(runtime).toMatch(/^CMD \["node", "dist\/main\.js"\]/m);
    });
  }
});

/**
 * The images hold only the production dependencies of their package and of the shared packages
 * (@journal/contracts, @journal/server-kit), so a
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
  const depsOf = (d: string, field: 'dependencies' | 'devDependencies' = 'dependencies') => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, d, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    return Object.keys(pkg[field] ?? {});
  };
  const sources = (d: string, tests = false): string[] =>
    !fs.existsSync(d)
      ? []
      : fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => {
          const p = path.join(d, e.name);
          if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(p, tests);
          return /\.ts$/.test(e.name) && (tests || !/\.test\.ts$/.test(e.name)) ? [p] : [];
        });
  /** Packages the files import at run time (`import type` too with `types`: it needs the package installed to compile). */
  const bareImports = (d: string, sub = 'src', tests = false, types = false) => {
    const found = new Set<string>();
    const re = types
      ? /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^'.][^']*)'|require\('([^'.][^']*)'\)|import\('([^'.][^']*)'\)/g
      : /(?:^|\n)\s*(?:import|export)\s(?!type\b)[^'"]*?from\s+'([^'.][^']*)'|require\('([^'.][^']*)'\)|import\('([^'.][^']*)'\)/g;
    for (const file of sources(path.join(ROOT, d, sub), tests)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(re)) {
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
    const declared = new Set(depsOf(dir));
    const missing = bareImports(dir).filter((n) => !declared.has(n) && !builtins.has(n));
    expect(missing).toEqual([]);
  });

  test('declares no runtime dependency it does not import', () => {
    const imported = new Set(bareImports(dir, 'src', false, true));
    expect(depsOf(dir).filter((n) => !imported.has(n))).toEqual([]);
  });

  test('every package its tests import is declared (its own dependencies or devDependencies, or the root tools)', () => {
    const declared = new Set([...depsOf(dir), ...depsOf(dir, 'devDependencies'), ...depsOf('.', 'devDependencies')]);
    const missing = bareImports(dir, 'test', true, true).filter((n) => !declared.has(n) && !builtins.has(n));
    expect(missing).toEqual([]);
  });

  test.each(['packages/contracts', 'packages/server-kit'])('%s imports only its own dependencies', (pkg) => {
    const declared = new Set(depsOf(pkg));
    expect(bareImports(pkg).filter((n) => !declared.has(n) && !builtins.has(n))).toEqual([]);
  });
});

describe('one Node.js everywhere', () => {
  const dockerNode = /ARG NODE_IMAGE=node:(\d+\.\d+\.\d+)-/.exec(fs.readFileSync(path.join(ROOT, 'docker/Dockerfile'), 'utf8'))![1];

  test('every image, the tests (scripts/provision.sh) and package.json engines agree', () => {
    for (const a of artifacts) {
      const m = /ARG NODE_IMAGE=node:(\d+\.\d+\.\d+)-/.exec(fs.readFileSync(dockerfileOf(a), 'utf8'));
      expect([a.image, m?.[1]]).toEqual([a.image, dockerNode]);
    }
    const provision = fs.readFileSync(path.join(ROOT, 'scripts/provision.sh'), 'utf8');
    expect(/NODE_VERSION="([\d.]+)"/.exec(provision)![1]).toBe(dockerNode);
    const engines = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines.startsWith(`>=${dockerNode.split('.')[0]}.`) || engines.startsWith(`^${dockerNode.split('.')[0]}.`)).toBe(true);
  });

  test('the suites run on that major', () => {
    // scripts/test.sh and .ci/run put the provisioned Node.js first on PATH (scripts/node-env.sh).
    // Running jest by hand: `source scripts/node-env.sh` first (npm test does).
    const hint = 'source scripts/node-env.sh';
    expect([process.versions.node.split('.')[0], hint]).toEqual([dockerNode.split('.')[0], hint]);
  });

  test('Renovate keeps the pinned base images and the test Node.js moving together', () => {
    const renovate = JSON.parse(fs.readFileSync(path.join(ROOT, 'renovate.json'), 'utf8')) as { customManagers: { matchStrings: string[] }[] };
    const [images, node] = renovate.customManagers.map((m) => new RegExp(m.matchStrings[0]));
    for (const a of artifacts) expect(images.test(fs.readFileSync(dockerfileOf(a), 'utf8'))).toBe(true);
    expect(node.test(fs.readFileSync(path.join(ROOT, 'scripts/provision.sh'), 'utf8'))).toBe(true);
  });
});
