/**
 * The manifests and the code agree: every process gets exactly the variables its config schema
 * names (services/*\/src/config.ts, gateway/src/config.ts), every required one is there, the
 * values pass the schema, and the probes, ports and commands are the ones the code serves.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { gatewayConfigSchema } from '../../gateway/src/config';
import { contentConfigSchema } from '../../services/content/src/config';
import { CONTENT_NODE_FLAGS, CONTENT_STAFF_NODE_FLAGS } from '../../services/content/src/node-flags';
import { GATEWAY_NODE_FLAGS } from '../../gateway/src/node-flags';
import { authConfigSchema } from '../../services/auth/src/config';
import { worklogConfigSchema } from '../../services/worklog/src/config';
import { pdfApiConfigSchema, pdfWorkerConfigSchema, queuePrefix, QUEUE_NAME } from '../../services/pdf-worker/src/config';
import { mailWorkerConfigSchema } from '../../services/content/src/mail/mail.config';
import { edgePurgerConfigSchema } from '../../services/content/src/edge/edge-purger.config';
import {
  ROOT, TARGETS, TARGET_HAS, containers, envOf, find, objectsOf, ofKind, workloads, imageName,
  type Container, type K8sObject,
} from './targets';

type Schema = z.ZodObject<z.ZodRawShape>;

/** Each of our processes: its Deployment (and container), config schema, entry file and source. */
const PROCESSES: { deployment: string; schema: Schema; main: string; source: string; configMap: string }[] = [
  { deployment: 'gateway', schema: gatewayConfigSchema as unknown as Schema, main: 'dist/main.js', source: 'gateway/src/main.ts', configMap: 'gateway-config' },
  { deployment: 'content', schema: contentConfigSchema as unknown as Schema, main: 'dist/main.js', source: 'services/content/src/main.ts', configMap: 'content-config' },
  // Content's staff side: the same process and ConfigMap, a few values of its own in the Deployment.
  { deployment: 'content-staff', schema: contentConfigSchema as unknown as Schema, main: 'dist/main.js', source: 'services/content/src/main.ts', configMap: 'content-config' },
  { deployment: 'auth', schema: authConfigSchema as unknown as Schema, main: 'dist/main.js', source: 'services/auth/src/main.ts', configMap: 'auth-config' },
  { deployment: 'worklog', schema: worklogConfigSchema as unknown as Schema, main: 'dist/main.js', source: 'services/worklog/src/main.ts', configMap: 'worklog-config' },
  { deployment: 'pdf-api', schema: pdfApiConfigSchema as unknown as Schema, main: 'dist/main.js', source: 'services/pdf-worker/src/main.ts', configMap: 'pdf-config' },
  { deployment: 'pdf-worker', schema: pdfWorkerConfigSchema as unknown as Schema, main: 'dist/worker.main.js', source: 'services/pdf-worker/src/worker.main.ts', configMap: 'pdf-worker-config' },
  { deployment: 'mail-worker', schema: mailWorkerConfigSchema as unknown as Schema, main: 'dist/mail/mail-worker.main.js', source: 'services/content/src/mail/mail-worker.main.ts', configMap: 'mail-worker-config' },
  { deployment: 'edge-purger', schema: edgePurgerConfigSchema as unknown as Schema, main: 'dist/edge/edge-purger.main.js', source: 'services/content/src/edge/edge-purger.main.ts', configMap: 'edge-purger-config' },
];

/** Node flags a process runs with, the same as where it runs outside Kubernetes (the local stack, the benchmarks). */
const NODE_FLAGS: Record<string, readonly string[]> = { content: CONTENT_NODE_FLAGS, 'content-staff': CONTENT_STAFF_NODE_FLAGS, gateway: GATEWAY_NODE_FLAGS };

/** Optional variables deliberately left unset (their absence has a meaning). */
const LEFT_UNSET: Record<string, string[]> = {
  // A CDN's API credentials come from journal-secrets, and only where EDGE_CDN names that CDN.
  content: ['FASTLY_API_TOKEN', 'CLOUDFLARE_API_TOKEN', 'AKAMAI_CLIENT_TOKEN', 'AKAMAI_CLIENT_SECRET', 'AKAMAI_ACCESS_TOKEN'],
  'content-staff': ['FASTLY_API_TOKEN', 'CLOUDFLARE_API_TOKEN', 'AKAMAI_CLIENT_TOKEN', 'AKAMAI_CLIENT_SECRET', 'AKAMAI_ACCESS_TOKEN'],
  'edge-purger': ['FASTLY_API_TOKEN', 'CLOUDFLARE_API_TOKEN', 'AKAMAI_CLIENT_TOKEN', 'AKAMAI_CLIENT_SECRET', 'AKAMAI_ACCESS_TOKEN'],
  // Unset means `${REDIS_PREFIX}bull`, the prefix the KEDA trigger's list names are written for.
  'pdf-api': ['PDF_QUEUE_PREFIX'],
  'pdf-worker': ['PDF_QUEUE_PREFIX'],
};

const keysOf = (s: Schema) => Object.keys(s.shape);
const requiredKeysOf = (s: Schema) => keysOf(s).filter((k) => !(s.shape[k] as z.ZodType).safeParse(undefined).success);
const mainContainer = (objs: K8sObject[], name: string): Container => {
  const d = find(objs, 'Deployment', name);
  if (!d) throw new Error(`Deployment ${name} is missing`);
  const c = containers(d).find((x) => x.name === name);
  if (!c) throw new Error(`Deployment ${name} has no container named ${name}`);
  return c;
};
const portOf = (c: Container, port: unknown) =>
  typeof port === 'number' ? port : c.ports?.find((p) => p.name === port)?.containerPort;

describe.each(TARGETS)('%s: config, probes and commands', (target) => {
  const objs = objectsOf(target);

  test.each(PROCESSES.map((p) => [p.deployment, p] as const))('%s gets exactly its schema variables, valid', (_name, p) => {
    const c = mainContainer(objs, p.deployment);
    const env = envOf(objs, c);
    const known = keysOf(p.schema);
    // Every variable given is one the process reads: no typos, nothing stale.
    expect(Object.keys(env).filter((k) => !known.includes(k))).toEqual([]);
    // Every variable the schema requires (no default) is given.
    expect(requiredKeysOf(p.schema).filter((k) => !(k in env))).toEqual([]);
    // Every setting is spelled out in the manifests, so an SRE sees and can change it.
    const unset = known.filter((k) => !(k in env) && !(LEFT_UNSET[p.deployment] ?? []).includes(k));
    expect(unset).toEqual([]);
    // The values pass the process's own validation, as at start-up.
    const parsed = p.schema.safeParse(env);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
    const cfg = parsed.data as Record<string, unknown>;
    expect(cfg.HOST).toBe('0.0.0.0');
    // dev runs its repository-written secrets, which production refuses: development there.
    expect(cfg.NODE_ENV).toBe(target === 'overlays/prod' ? 'production' : 'development');
    expect(cfg.PORT).toBe(c.ports![0].containerPort);
    // Its ConfigMap holds only variables of its schema.
    const ref = c.envFrom!.find((f) => f.configMapRef)!.configMapRef!.name;
    expect(ref.startsWith(`${p.configMap}-`)).toBe(true);
    const cm = find(objs, 'ConfigMap', ref)!;
    expect(Object.keys(cm.data as object).filter((k) => !known.includes(k))).toEqual([]);
  });

  test('the Secret holds only schema variables, each used by some process', () => {
    const ref = mainContainer(objs, 'content').env!.find((e) => e.name === 'JWT_SECRET')!.valueFrom!.secretKeyRef!.name;
    const secret = find(objs, 'Secret', ref);
    // prod renders no Secret: the SRE creates journal-secrets (docs/operations.md, "Secrets").
    if (target === 'overlays/prod') {
      expect([ref, secret]).toEqual(['journal-secrets', undefined]);
      return;
    }
    const keys = Object.keys({ ...((secret!.data ?? {}) as object), ...((secret!.stringData ?? {}) as object) });
    const allKnown = new Set(PROCESSES.flatMap((p) => keysOf(p.schema)));
    expect(keys.filter((k) => !allKnown.has(k))).toEqual([]);
    const used = new Set(
      PROCESSES.flatMap((p) => (mainContainer(objs, p.deployment).env ?? []).map((e) => e.valueFrom?.secretKeyRef?.key)),
    );
    expect(keys.filter((k) => !used.has(k))).toEqual([]);
    expect(keys.sort()).toEqual(['EDGE_REDIS_URL', 'JWT_SECRET', 'MONGO_URL', 'REDIS_URL']);
  });

  test('processes hold no secret they do not read', () => {
    for (const p of PROCESSES) {
      const c = mainContainer(objs, p.deployment);
      for (const e of c.env ?? []) expect(keysOf(p.schema)).toContain(e.name);
      expect((c.envFrom ?? []).filter((f) => f.secretRef)).toEqual([]);
    }
  });

  test.each(PROCESSES.map((p) => [p.deployment, p] as const))('%s runs its entry file under the image entrypoint', (_n, p) => {
    const c = mainContainer(objs, p.deployment);
    // `command` would replace the image's tini entrypoint (zombie reaping, signal forwarding).
    expect(c.command).toBeUndefined();
    if (c.args) expect(c.args).toEqual(['node', ...(NODE_FLAGS[p.deployment] ?? []), p.main]);
    else expect(p.main).toBe('dist/main.js'); // the image's CMD
    expect(fs.existsSync(path.join(ROOT, p.source))).toBe(true);
  });

  test.each(PROCESSES.map((p) => [p.deployment, p] as const))('%s probes /healthz and /readyz on the port it listens on', (_n, p) => {
    const c = mainContainer(objs, p.deployment);
    const port = c.ports![0].containerPort;
    const live = (c.livenessProbe as { httpGet: { path: string; port: unknown } }).httpGet;
    const ready = (c.readinessProbe as { httpGet: { path: string; port: unknown } }).httpGet;
    expect(live.path).toBe('/healthz');
    expect(ready.path).toBe('/readyz');
    expect(portOf(c, live.port)).toBe(port);
    expect(portOf(c, ready.port)).toBe(port);
    if (c.startupProbe) expect(portOf(c, (c.startupProbe as { httpGet: { port: unknown } }).httpGet.port)).toBe(port);
    // The port is the process's own default, the one the local run and the docs use.
    const def = (p.schema.shape.PORT as z.ZodType).safeParse(undefined);
    expect(def.success && def.data).toBe(port);
  });

  test('the gateway reaches each service at the Service name and port that serve it', () => {
    const env = envOf(objs, mainContainer(objs, 'gateway'));
    const upstream: Record<string, string> = { CONTENT_URL: 'content', CONTENT_STAFF_URL: 'content-staff', AUTH_URL: 'auth', WORKLOG_URL: 'worklog', PDF_URL: 'pdf-api' };
    for (const [key, deployment] of Object.entries(upstream)) {
      const url = new URL(env[key]);
      const svc = find(objs, 'Service', url.hostname);
      expect(svc).toBeDefined();
      const port = (svc!.spec as { ports: { port: number; targetPort: unknown }[] }).ports.find((x) => x.port === Number(url.port))!;
      expect(port).toBeDefined();
      const c = mainContainer(objs, deployment);
      expect(portOf(c, port.targetPort)).toBe(Number(envOf(objs, c).PORT));
    }
    const pdfEnv = envOf(objs, mainContainer(objs, 'pdf-api'));
    expect(new URL(pdfEnv.CONTENT_URL).hostname).toBe('content');
  });

  test(TARGET_HAS[target].keda ? 'the KEDA trigger reads the lists the BullMQ queue really uses' : 'there is no KEDA trigger', () => {
    const so = find(objs, 'ScaledObject', 'pdf-worker');
    if (!TARGET_HAS[target].keda) return expect(so).toBeUndefined();
    expect(so).toBeDefined();
    const env = envOf(objs, mainContainer(objs, 'pdf-worker'));
    const cfg = pdfWorkerConfigSchema.parse(env);
    const prefix = `${queuePrefix(cfg)}:${QUEUE_NAME}`;
    const apiCfg = pdfApiConfigSchema.parse(envOf(objs, mainContainer(objs, 'pdf-api')));
    expect(`${queuePrefix(apiCfg)}:${QUEUE_NAME}`).toBe(prefix);
    const triggers = (so!.spec as { triggers: { type: string; metadata: Record<string, string> }[] }).triggers;
    const lists = triggers.filter((t) => t.type === 'redis').map((t) => t.metadata.listName).sort();
    expect(lists).toEqual([`${prefix}:active`, `${prefix}:wait`]);
  });
});

describe('the code serves what the probes ask', () => {
  const http = fs.readFileSync(path.join(ROOT, 'packages/server-kit/src/http.ts'), 'utf8');
  test('createHttpApp answers /healthz and /readyz', () => {
    expect(http).toMatch(/app\.get\('\/healthz'/);
    expect(http).toMatch(/app\.get\('\/readyz'/);
  });
  test.each([
    ['gateway/src/app.ts'],
    ['services/content/src/app.ts'],
    ['services/auth/src/app.ts'],
    ['services/worklog/src/app.ts'],
    ['services/pdf-worker/src/app.ts'],
    ['services/pdf-worker/src/worker.ts'],
  ])('%s is built on createHttpApp and listens on config.PORT and config.HOST', (file) => {
    const src = fs.readFileSync(path.join(ROOT, file), 'utf8');
    expect(src).toMatch(/createHttpApp\(/);
    // Either it listens itself, or through the server kit's serve(), which listens on the same two.
    expect(src).toMatch(/listen\([^)]*config\.PORT,\s*config\.HOST|serve\(\w+, config,/);
  });
  test("the server kit's serve() listens on config.PORT and config.HOST", () => {
    const kit = fs.readFileSync(path.join(ROOT, 'packages/server-kit/src/service-app.ts'), 'utf8');
    expect(kit).toMatch(/listen\([^)]*config\.PORT,\s*config\.HOST/);
  });
});

describe('the web pods and the nginx template agree', () => {
  const template = fs.readFileSync(path.join(ROOT, 'docker/nginx/default.conf.template'), 'utf8');
  const vars = [...new Set([...template.replace(/^#.*$/gm, '').matchAll(/\$\{([A-Z_][A-Z0-9_]*)\}/g)].map((m) => m[1]))].sort();

  test.each(TARGETS)('%s: web-config sets exactly the template variables', (target) => {
    const objs = objectsOf(target);
    const c = mainContainer(objs, 'web');
    const env = envOf(objs, c);
    expect(Object.keys(env).sort()).toEqual(vars);
    expect(Number(env.NGINX_PORT)).toBe(c.ports![0].containerPort);
    const [host, port] = env.GATEWAY_UPSTREAM.split(':');
    const svc = find(objs, 'Service', host)!;
    expect((svc.spec as { ports: { port: number }[] }).ports.map((p) => p.port)).toContain(Number(port));
    // The usage log goes to the content Service's UDP port (another pod: no shared file), unbuffered.
    const [, usageHost, usagePort] = /^syslog:server=([^:,]+):(\d+),/.exec(env.USAGE_LOG) ?? [];
    const usageSvc = find(objs, 'Service', usageHost!)!;
    expect((usageSvc.spec as { ports: { port: number; protocol?: string }[] }).ports).toContainEqual(expect.objectContaining({ port: Number(usagePort), protocol: 'UDP' }));
    expect(env.USAGE_LOG_BUFFER).toBe('');
    // The web image puts the Vite build at WEB_ROOT.
    const dockerfile = fs.readFileSync(path.join(ROOT, 'docker/Dockerfile'), 'utf8');
    expect(dockerfile).toContain(env.WEB_ROOT);
  });

  test.each(TARGETS)("%s: nginx and the gateway name the same platform host (the operators' screen and its API)", (target) => {
    const objs = objectsOf(target);
    expect(envOf(objs, mainContainer(objs, 'web')).COUNTER_PLATFORM_HOST).toBe(envOf(objs, mainContainer(objs, 'gateway')).COUNTER_PLATFORM_HOST);
  });

  test.each(TARGETS)('%s: the web probes ask nginx itself, never the gateway: ready serving the app, alive answering at all', (target) => {
    const c = mainContainer(objectsOf(target), 'web');
    const [ready, live] = [c.readinessProbe, c.livenessProbe].map((p) => (p as { httpGet: { path: string; port: unknown } }).httpGet);
    for (const get of [ready!, live!]) expect(portOf(c, get.port)).toBe(8080);
    // A static file, answered without the gateway: a gateway outage must not empty or restart nginx.
    expect(ready!.path).toBe('/index.html');
    expect(template).toMatch(/location = \/index\.html/);
    // Answered from the config alone: a missing file or a full disk does not restart nginx.
    expect(live!.path).toBe('/nginx-healthz');
    expect(template).toMatch(/location = \/nginx-healthz \{[^}]*return 200/);
  });
});

describe.each(TARGETS)('%s: images', (target) => {
  test('our images are the journal-* ones, third-party ones are pinned by tag and digest', () => {
    for (const w of workloads(objectsOf(target))) {
      for (const c of containers(w)) {
        const name = imageName(c.image);
        if (name.startsWith('journal-')) continue;
        expect(['mongo', 'redis']).toContain(name);
        expect(c.image).toMatch(/:[0-9][^@]*@sha256:[a-f0-9]{64}$/);
      }
    }
    expect(ofKind(objectsOf(target), 'Deployment').every((d) => containers(d).every((c) => imageName(c.image).startsWith('journal-')))).toBe(true);
  });
});

/**
 * The render process (web/server, built to web/dist-ssr/server.js; its schema is an ES module the
 * suites cannot load, so its keys are listed here): env PORT (4005), CONTENT_URL and the rest of
 * renderConfigSchema; /healthz, /readyz and /metrics on PORT; reached by the gateway at RENDER_URL.
 */
const RENDER_KEYS = ['AFFINITY_CONNECT_TIMEOUT_MS', 'AFFINITY_QUARANTINE_MS', 'AFFINITY_REFRESH_MS', 'AFFINITY_SUBSET', 'CONTENT_PODS_URL', 'CONTENT_TIMEOUT_MS', 'CONTENT_URL', 'HOST', 'LAYOUT_CACHE_MS', 'LOG_LEVEL', 'LOG_SLOW_MS', 'LOG_SUCCESS_SAMPLE', 'NODE_ENV', 'PAGE_STORE_BYTES', 'PORT', 'PUBLIC_PORT', 'PUBLIC_SCHEME', 'REDIS_PREFIX', 'REDIS_URL', 'SHUTDOWN_GRACE_MS', 'WEB_DIST'];
describe.each(TARGETS)('%s: the render process', (target) => {
  const objs = objectsOf(target);
  const c = mainContainer(objs, 'render');
  const env = envOf(objs, c);

  test('gets its contract variables, and the gateway finds it at RENDER_URL', () => {
    expect(Object.keys(env).sort()).toEqual(RENDER_KEYS);
    const schema = path.join(ROOT, 'web/server/config.ts');
    if (fs.existsSync(schema)) {
      const text = fs.readFileSync(schema, 'utf8');
      const own = [...text.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
      expect(own.filter((k) => !RENDER_KEYS.includes(k))).toEqual([]);
    }
    // The client build sits where the image puts it, next to the SSR bundle.
    expect(env.WEB_DIST).toBe('/app/web/dist');
    expect(env.PUBLIC_SCHEME).toBe(target === 'overlays/prod' ? 'https' : 'http');
    expect(Number(env.PORT)).toBe(4005);
    expect(c.ports![0].containerPort).toBe(4005);
    expect(new URL(env.CONTENT_URL).hostname).toBe('content');
    const url = new URL(envOf(objs, mainContainer(objs, 'gateway')).RENDER_URL);
    const svc = find(objs, 'Service', url.hostname)!;
    const port = (svc.spec as { ports: { port: number; targetPort: unknown }[] }).ports.find((x) => x.port === Number(url.port))!;
    expect(portOf(c, port.targetPort)).toBe(4005);
  });

  test('is probed on /healthz and /readyz, and runs the SSR bundle of its image', () => {
    expect((c.livenessProbe as { httpGet: { path: string } }).httpGet.path).toBe('/healthz');
    expect((c.readinessProbe as { httpGet: { path: string } }).httpGet.path).toBe('/readyz');
    expect(c.command).toBeUndefined();
    expect(c.args).toBeUndefined();
    const dockerfile = fs.readFileSync(path.join(ROOT, 'docker/Dockerfile'), 'utf8');
    const render = dockerfile.slice(dockerfile.indexOf('FROM runtime AS render'));
    expect(render.slice(0, render.indexOf('\nFROM '))).toMatch(/^CMD \["node", "web\/dist-ssr\/server\.js"\]/m);
    // Both builds: the SSR bundle and the client manifest and index template it reads (the web
    // folder's dist and dist-ssr, which the build stage puts in /out for the app stage).
    expect(dockerfile).toMatch(/cp -r --parents [^\n]*\$\{PKG_DIR\}\/dist \/out\//);
    expect(dockerfile).toMatch(/cp -r --parents \$\{PKG_DIR\}\/dist-ssr \/out\//);
    expect(dockerfile).toMatch(/^COPY --from=build \/out\/ \/app\/$/m);
  });
});
