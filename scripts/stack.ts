/**
 * Starts the whole platform as processes on this machine: every service, the gateway and nginx
 * serving the web build, the way the images run them. Used by `npm start`, the e2e suite and
 * the benchmarks, each with its own ports and database.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { contentNodeFlags } from '../services/content/src/node-flags';
import { GATEWAY_NODE_FLAGS } from '../gateway/src/node-flags';

export const ROOT = path.resolve(__dirname, '..');
/** COUNTER's robots list as `scripts/provision.sh robots` leaves it (the counter-robots package's robot.txt). */
const COUNTER_ROBOTS_FILE = path.join(ROOT, '.data/bin/counter-robots-2025.11/robot.txt');
export const DATA = process.env.JP_DATA_DIR ?? path.join(ROOT, '.data');

export interface StackOptions {
  /** Gateway port; services take the next six (content, auth, worklog, pdf API, render, mail worker). */
  portBase: number;
  nginxPort: number;
  mongoDb: string;
  redisPrefix: string;
  name: string;
  pdfWorkers?: number;
  logLevel?: string;
  /** Extra environment for every service. */
  env?: Record<string, string>;
}

export interface Stack {
  urls: { web: string; gateway: string; content: string; contentStaff: string; auth: string; worklog: string; pdf: string; render: string; mailWorker: string; mailpit: string };
  env: Record<string, string>;
  processes: Map<string, ChildProcess>;
  stop(): Promise<void>;
}

export interface ServerEnv {
  MONGO_URL: string;
  REDIS_URL: string;
  /** The SMTP server (locally Mailpit: smtp://127.0.0.1:1025). */
  SMTP_URL: string;
  /** Mailpit's web UI and API, where the messages sent can be read ('' for another SMTP server). */
  MAILPIT_URL: string;
}

export function serverEnv(): ServerEnv {
  const given = process.env;
  if (given.MONGO_URL && given.REDIS_URL && given.SMTP_URL) {
    return { MONGO_URL: given.MONGO_URL, REDIS_URL: given.REDIS_URL, SMTP_URL: given.SMTP_URL, MAILPIT_URL: given.MAILPIT_URL ?? '' };
  }
  const file = path.join(DATA, 'servers.env');
  const read = () =>
    (existsSync(file)
      ? Object.fromEntries(readFileSync(file, 'utf8').split('\n').map((l) => /^(\w+)=(.*)$/.exec(l.trim())).filter(Boolean).map((m) => [m![1], m![2]]))
      : {}) as Record<string, string>;
  let vars = read();
  // A servers.env written before Mailpit was part of the servers: start what is missing.
  if (!vars.MONGO_URL || !vars.SMTP_URL) {
    execFileSync('bash', [path.join(ROOT, 'scripts/provision.sh'), 'servers'], { stdio: 'inherit' });
    vars = read();
  }
  return {
    MONGO_URL: given.MONGO_URL ?? vars.MONGO_URL!,
    REDIS_URL: given.REDIS_URL ?? vars.REDIS_URL!,
    SMTP_URL: given.SMTP_URL ?? vars.SMTP_URL!,
    MAILPIT_URL: given.MAILPIT_URL ?? vars.MAILPIT_URL ?? '',
  };
}

/** The mail worker's SMTP settings for an smtp:// URL (locally Mailpit on loopback: no TLS, no login). */
export function smtpEnv(smtpUrl: string): Record<string, string> {
  const u = new URL(smtpUrl);
  return {
    SMTP_HOST: u.hostname,
    SMTP_PORT: u.port || (u.protocol === 'smtps:' ? '465' : '25'),
    SMTP_TLS: u.protocol === 'smtps:' ? 'tls' : (u.searchParams.get('tls') ?? 'none'),
    ...(u.username ? { SMTP_USER: decodeURIComponent(u.username), SMTP_PASSWORD: decodeURIComponent(u.password) } : {}),
  };
}

/** A per-machine signing key, made once; production takes JWT_SECRET from a Secret. */
export function localJwtSecret(): string {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = path.join(DATA, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(DATA, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** The mail worker's entry (its own Deployment in Kubernetes). */
export const MAIL_WORKER_ENTRY = 'services/content/dist/mail/mail-worker.main.js';
export const EDGE_PURGER_ENTRY = 'services/content/dist/edge/edge-purger.main.js';

/**
 * The Redis of the gateway's records of nginx's cache keys: EDGE_REDIS_URL, else the edge Redis of
 * scripts/provision.sh (.data/servers.env) when it also gave REDIS_URL; '' means REDIS_URL's.
 */
export function edgeRedisUrl(): string {
  if (process.env.EDGE_REDIS_URL !== undefined) return process.env.EDGE_REDIS_URL;
  const file = path.join(DATA, 'servers.env');
  if (process.env.REDIS_URL || !existsSync(file)) return '';
  return /^EDGE_REDIS_URL=(.*)$/m.exec(readFileSync(file, 'utf8'))?.[1]?.trim() ?? '';
}

/** Nice value of the PDF workers (0 normal, 19 lowest). */
const PDF_WORKER_NICE = 10;

// A start on a shared, loaded machine (two content processes building their indexes at once) can
// take minutes; a process that exits is reported at once.
async function waitReady(url: string, name: string, child: ChildProcess, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} (see its log in ${DATA}/logs)`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name} did not become ready at ${url}`);
}

/** The file a stack's nginx appends its usage log to, and its content service reads. */
export const usageLogOf = (stackName: string) => path.join(DATA, 'nginx', stackName, 'usage.log');

/** Past this the usage log is rotated (renamed to `.1`, nginx told to reopen): about 250,000 counted requests. */
const USAGE_LOG_ROTATE_BYTES = 64 * 1024 * 1024;

/** `usageLog`: the usage log file (default: the stack's), or '' for syslog datagrams to the content service. */
/** The port of a stack's nginx purge server (loopback only): the one after its public port. */
export const purgePortOf = (nginxPort: number) => nginxPort + 1;

/** Debian's cache purge module (libnginx-mod-http-cache-purge), loaded by the local nginx. */
const PURGE_MODULE = '/usr/lib/nginx/modules/ngx_http_cache_purge_module.so';
/** Debian's headers-more module (libnginx-mod-http-headers-more-filter): the template's security headers on every answer. */
const HEADERS_MORE_MODULE = '/usr/lib/nginx/modules/ngx_http_headers_more_filter_module.so';

/** The in-memory cache directory of the nginx whose files are in `dir`, where the machine has /dev/shm. */
const nginxMemoryCacheDir = (dir: string) => existsSync('/dev/shm') && path.join('/dev/shm', `jp-nginx-${createHash('sha1').update(dir).digest('hex').slice(0, 12)}`);

/**
 * Where nginx keeps its cache of pages and public reads: in memory (/dev/shm) when `inMemory` and
 * the machine has it, as a miss writes, renames and later unlinks a file there (on the disk that
 * was most of nginx's CPU for a page it does not hold); the versioned files' cache (up to 2 GB,
 * `assets` in it) stays on the disk, linked in.
 */
function nginxCacheDir(dir: string, inMemory: boolean): string {
  const onDisk = path.join(dir, 'cache');
  const cache = (inMemory && nginxMemoryCacheDir(dir)) || onDisk;
  // Each start begins with an empty cache, as a new web pod does (its cache is an emptyDir): nothing
  // a former version of the config kept is served again.
  for (const d of new Set([cache, onDisk])) {
    rmSync(d, { recursive: true, force: true });
    mkdirSync(d, { recursive: true });
    chmodSync(d, 0o777);
  }
  if (cache !== onDisk) symlinkSync(onDisk, path.join(cache, 'assets'));
  return cache;
}

/** The platform-wide COUNTER_SUSHI API's and operators' own host (docs/product.md#counter-platform), the gateway's and nginx's alike. */
export const PLATFORM_HOST = process.env.COUNTER_PLATFORM_HOST ?? 'usage.localhost';

export function renderNginxConfig(opts: { nginxPort: number; gatewayPort: number; name: string; usageLog?: string; cacheInMemory?: boolean }): string {
  const dir = path.join(DATA, 'nginx', opts.name);
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, 'tmp', sub), { recursive: true });
  chmodSync(path.join(dir, 'tmp'), 0o777);
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) chmodSync(path.join(dir, 'tmp', sub), 0o777);
  const cacheDir = nginxCacheDir(dir, opts.cacheInMemory === true);
  const vars: Record<string, string> = {
    NGINX_PORT: `127.0.0.1:${opts.nginxPort}`,
    WEB_ROOT: path.join(ROOT, 'web/dist'),
    GATEWAY_UPSTREAM: `127.0.0.1:${opts.gatewayPort}`,
    NGINX_CACHE_DIR: cacheDir,
    // Locally clients reach nginx directly: no X-Forwarded-For is believed.
    REAL_IP_FROM: '0.0.0.0/32',
    NGINX_PURGE_LISTEN: `127.0.0.1:${purgePortOf(opts.nginxPort)}`,
    // Loopback only (allowed by the template itself).
    PURGE_ALLOW: '127.0.0.1',
    COUNTER_PLATFORM_HOST: PLATFORM_HOST,
    ...(opts.usageLog === ''
      ? // Datagrams to the content service's UDP port (the next port after the gateway), as in Kubernetes.
        { USAGE_LOG: `syslog:server=127.0.0.1:${opts.gatewayPort + 1},tag=jp_usage,nohostname`, USAGE_LOG_BUFFER: '' }
      : // nginx and the content service share the machine: a buffered file it reads. Each write
        // of the buffer holds the worker up: with 64 kB (a write every 200 article views) the p99 of
        // cached article pages at 8 connections was 1.9–2.6 ms, with 512 kB 0.46–0.96 ms.
        { USAGE_LOG: opts.usageLog ?? usageLogOf(opts.name), USAGE_LOG_BUFFER: 'buffer=512k flush=1s' }),
  };
  const server = readFileSync(path.join(ROOT, 'docker/nginx/default.conf.template'), 'utf8').replace(
    /\$\{([A-Z_]+)\}/g,
    (m, k: string) => vars[k] ?? m,
  );
  // A location with its own access_log (the usage log) does not inherit the timed one: add it there too.
  const timedLog = `access_log ${DATA}/logs/${opts.name}-nginx-access.log timed;`;
  writeFileSync(
    path.join(dir, 'default.conf'),
    process.env.JP_NGINX_ACCESS_LOG === '1' ? server.replace(/^(\s*)(access_log \S+ jp_usage [^;]*;)$/gm, `$1$2\n$1${timedLog}`) : server,
  );
  if (!existsSync(PURGE_MODULE)) throw new Error(`${PURGE_MODULE} is missing: run scripts/provision.sh (Debian package libnginx-mod-http-cache-purge)`);
  if (!existsSync(HEADERS_MORE_MODULE)) throw new Error(`${HEADERS_MORE_MODULE} is missing: run scripts/provision.sh (Debian package libnginx-mod-http-headers-more-filter)`);
  const main = `
load_module ${PURGE_MODULE};
load_module ${HEADERS_MORE_MODULE};
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${DATA}/logs/${opts.name}-nginx-error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  ${
    // JP_NGINX_ACCESS_LOG=1: every request with nginx's own and the upstream's times, to find where a slow one waited.
    process.env.JP_NGINX_ACCESS_LOG === '1'
      ? `log_format timed '$msec $status $request_method $jp_log_uri rt=$request_time urt=$upstream_response_time uct=$upstream_connect_time ust=$upstream_status cache=$upstream_cache_status len=$body_bytes_sent';
  ${timedLog}`
      : 'access_log off;'
  }
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/tmp/client_body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include ${dir}/default.conf;
}
`;
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, main);
  return file;
}

/**
 * Keeps the usage log bounded: renamed to `.1` (the content service reads what is left of it by the
 * descriptor it holds), then nginx reopens its logs and starts a new file.
 */
function rotateUsageLog(file: string, nginx: ChildProcess): void {
  try {
    if (statSync(file).size < USAGE_LOG_ROTATE_BYTES || nginx.exitCode !== null) return;
    renameSync(file, `${file}.1`);
    nginx.kill('SIGUSR1');
  } catch {
    // No file yet.
  }
}

export async function startStack(o: StackOptions): Promise<Stack> {
  const logs = path.join(DATA, 'logs');
  mkdirSync(logs, { recursive: true });
  if (!existsSync(path.join(ROOT, 'web/dist/index.html'))) throw new Error('web/dist is missing: run `npm run build` first');
  if (!existsSync(path.join(ROOT, 'web/dist-ssr/server.js'))) throw new Error('web/dist-ssr is missing: run `npm run build` first');
  const servers = serverEnv();
  const p = { gateway: o.portBase, content: o.portBase + 1, auth: o.portBase + 2, worklog: o.portBase + 3, pdf: o.portBase + 4, render: o.portBase + 5, mail: o.portBase + 6, contentStaff: o.portBase + 7, edgePurger: o.portBase + 8 };
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: o.logLevel ?? 'info',
    HOST: '127.0.0.1',
    MONGO_URL: servers.MONGO_URL,
    MONGO_DB: o.mongoDb,
    REDIS_URL: servers.REDIS_URL,
    EDGE_REDIS_URL: edgeRedisUrl(),
    REDIS_PREFIX: o.redisPrefix,
    JWT_SECRET: localJwtSecret(),
    CONTENT_URL: url(p.content),
    // Staff requests and every write go to a content process of their own (gateway/src/routes.ts, sideOf).
    CONTENT_STAFF_URL: url(p.contentStaff),
    AUTH_URL: url(p.auth),
    WORKLOG_URL: url(p.worklog),
    PDF_URL: url(p.pdf),
    RENDER_URL: url(p.render),
    // The platform-wide COUNTER_SUSHI API's own host (docs/product.md#counter-platform).
    COUNTER_PLATFORM_HOST: PLATFORM_HOST,
    CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    STATS_USAGE_FILE: usageLogOf(o.name),
    // COUNTER's robots list, provisioned from the counter-robots package (scripts/provision.sh robots).
    ...(existsSync(COUNTER_ROBOTS_FILE) ? { STATS_ROBOTS_FILE: COUNTER_ROBOTS_FILE } : {}),
    // Absolute URLs and alias redirects name nginx's port: readers reach the journals there.
    PUBLIC_SCHEME: 'http',
    PUBLIC_PORT: String(o.nginxPort),
    // The content service purges this stack's nginx after each write.
    EDGE_NGINX_PURGE_URLS: `http://127.0.0.1:${purgePortOf(o.nginxPort)}/purge`,
    // The mail worker sends to the local Mailpit (or the SMTP_URL given).
    ...smtpEnv(servers.SMTP_URL),
    ...o.env,
  };
  const processes = new Map<string, ChildProcess>();
  const spawnLogged = (name: string, cmd: string, args: string[], extra: Record<string, string> = {}) => {
    const out = createWriteStream(path.join(logs, `${o.name}-${name}.log`), { flags: 'a' });
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.pipe(out);
    child.stderr!.pipe(out);
    processes.set(name, child);
    return child;
  };
  // The content processes and the gateway run with their pods' Node flags here too
  // (services/content/src/node-flags.ts, gateway/src/node-flags.ts).
  const flagsOf = (name: string) => (name.startsWith('content') ? [...contentNodeFlags(name)] : name === 'gateway' ? [...GATEWAY_NODE_FLAGS] : []);
  const node = (name: string, entry: string, port: number, extra: Record<string, string> = {}) =>
    spawnLogged(name, process.execPath, [...flagsOf(name), path.join(ROOT, entry)], { PORT: String(port), ...extra });

  let rotation: NodeJS.Timeout | undefined;
  const stop = async () => {
    clearInterval(rotation);
    const all = [...processes.values()].filter((c) => c.exitCode === null && c.signalCode === null);
    await Promise.all(
      all.map(
        (c) =>
          new Promise<void>((resolve) => {
            const t = setTimeout(() => c.kill('SIGKILL'), 15_000);
            c.once('exit', () => {
              clearTimeout(t);
              resolve();
            });
            c.kill('SIGTERM');
          }),
      ),
    );
    // The pages nginx kept in memory go with it.
    const memoryCache = nginxMemoryCacheDir(path.join(DATA, 'nginx', o.name));
    if (memoryCache) rmSync(memoryCache, { recursive: true, force: true });
  };

  try {
    const starts: [string, string, number, Record<string, string>?][] = [
      // Readers' reads; the purges run in the edge purger, whose event loop no reader or save shares.
      ['content', 'services/content/dist/main.js', p.content, { EDGE_PURGE_CONCURRENCY: '0' }],
      ['auth', 'services/auth/dist/main.js', p.auth],
      ['worklog', 'services/worklog/dist/main.js', p.worklog],
      ['pdf', 'services/pdf-worker/dist/main.js', p.pdf],
      ['render', 'web/dist-ssr/server.js', p.render],
      ['gateway', 'gateway/dist/main.js', p.gateway],
      // The `mail` queue's consumer, the one process that talks SMTP (docs/architecture.md#mail).
      ['mail-worker', MAIL_WORKER_ENTRY, p.mail],
      // The purge queue's worker (as the edge-purger Deployment): each write's purges and refreshes of nginx.
      ['edge-purger', EDGE_PURGER_ENTRY, p.edgePurger],
    ];
    for (const [name, entry, port, extra] of starts) {
      if (!existsSync(path.join(ROOT, entry))) throw new Error(`${entry} is missing: run \`npm run build\` first`);
      node(name, entry, port, extra);
    }
    const workerEntry = 'services/pdf-worker/dist/worker.main.js';
    const workers: [string, number][] = [];
    for (let i = 0; i < (o.pdfWorkers ?? 1); i++) {
      if (!existsSync(path.join(ROOT, workerEntry))) continue;
      const port = p.pdf + 1 + i + 10;
      workers.push([`pdf-worker-${i + 1}`, port]);
      // Readers first on a shared box: the renderer and every Chromium it starts (children inherit
      // the nice value) yield the CPU to the processes answering readers, so a bulk zip slows itself.
      spawnLogged(`pdf-worker-${i + 1}`, 'nice', ['-n', String(PDF_WORKER_NICE), process.execPath, path.join(ROOT, workerEntry)], {
        PORT: String(port),
      });
    }
    // Saves, uploads and admin reads (as the content-staff Deployment),
    // started once content is ready: two content processes building the same indexes at once on a
    // new database could fail each other's start. nginx's usage log is read by the readers' side alone.
    const staff = waitReady(`${url(p.content)}/readyz`, 'content', processes.get('content')!).then(() => {
      node('content-staff', 'services/content/dist/main.js', p.contentStaff, { STATS_COUNTING: 'off', STATS_USAGE_FILE: '', EDGE_PURGE_CONCURRENCY: '0' });
      return waitReady(`${url(p.contentStaff)}/readyz`, 'content-staff', processes.get('content-staff')!);
    });
    await Promise.all([staff, ...starts.map(([name, , port]) => waitReady(`${url(port)}/readyz`, name, processes.get(name)!))]);
    // A niced worker starts last on a busy box: the stack is up only once it consumes the queue.
    await Promise.all(workers.map(([name, port]) => waitReady(`${url(port)}/readyz`, name, processes.get(name)!)));
    const conf = renderNginxConfig({ nginxPort: o.nginxPort, gatewayPort: p.gateway, name: o.name, usageLog: env.STATS_USAGE_FILE, cacheInMemory: true });
    const nginx = spawnLogged('nginx', 'nginx', ['-c', conf, '-g', 'daemon off;']);
    await waitReady(`http://127.0.0.1:${o.nginxPort}/index.html`, 'nginx', nginx, 15_000);
    if (env.STATS_USAGE_FILE) rotation = setInterval(() => rotateUsageLog(env.STATS_USAGE_FILE!, nginx), 60_000).unref();
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    urls: {
      web: `http://localhost:${o.nginxPort}`,
      gateway: url(p.gateway),
      content: url(p.content),
      contentStaff: url(p.contentStaff),
      auth: url(p.auth),
      worklog: url(p.worklog),
      pdf: url(p.pdf),
      render: url(p.render),
      mailWorker: url(p.mail),
      mailpit: servers.MAILPIT_URL,
    },
    env,
    processes,
    stop,
  };
}
