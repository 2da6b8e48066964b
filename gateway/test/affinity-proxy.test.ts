import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { eventually, listenAsPods } from '@journal/testing';
import { start as startGateway, type GatewayApp } from '../src/app';
import { gatewayConfigSchema } from '../src/config';
import { subsetOf } from '@journal/server-kit';

/**
 * Journal affinity through the gateway: three "pods" (HTTP servers on 127.0.0.1-3, one port, as
 * a headless Service's pods share theirs) and a "ClusterIP Service" on its own port. The pods'
 * addresses come from a lookup the test controls (in a cluster: the headless Service's DNS name);
 * every connection is real. A journal's requests land on its subset, move on when a member dies,
 * follow the lookup when pods come and go, and reach the Service when no pod is left.
 */
const JOURNALS = Array.from({ length: 6 }, (_, i) => `64b00000000000000000000${i}`);
const hostOf = (journal: string) => `j${journal.slice(-1)}.localhost`;
const PODS = ['127.0.0.1', '127.0.0.2', '127.0.0.3'];
const SERVICE = 'service';

/** Which server answered what: [server, journal id, method]. */
const seen: [string, string, string][] = [];
let listed = [...PODS];
let gateway: GatewayApp;
const servers = new Map<string, http.Server>();
/** Pods that died with connections still open: a request on one is cut off (the socket is reset). */
const dying = new Set<string>();

const serve = (name: string) =>
  http.createServer((req, res) => {
    if (req.url?.startsWith('/internal/journals/resolve')) {
      const host = new URL(req.url, 'http://x').searchParams.get('host');
      const id = JOURNALS.find((j) => hostOf(j) === host);
      res.writeHead(id ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(id ? { id } : { error: 'not_found' }));
      return;
    }
    if (dying.has(name)) {
      req.socket.destroy();
      return;
    }
    req.resume();
    req.on('end', () => {
      seen.push([name, String(req.headers['x-journal-id']), req.method!]);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ server: name }));
    });
  });

const listen = (server: http.Server, host: string, port: number) =>
  new Promise<number>((resolve) => server.listen(port, host, () => resolve((server.address() as AddressInfo).port)));

const kill = async (name: string) => {
  const s = servers.get(name)!;
  s.closeAllConnections();
  await new Promise((r) => s.close(r));
  servers.delete(name);
};

/**
 * The pod stops listening, but its kept-alive connections stay open until a request comes on one:
 * the gateway's first try fails with a reset, not a refusal.
 */
const dieLeavingConnections = (name: string) => {
  dying.add(name);
  const s = servers.get(name)!;
  // net's close stops listening only; http's would also close the idle kept-alive connections.
  net.Server.prototype.close.call(s);
  servers.delete(name);
  afterAllClose.push(s);
};
const afterAllClose: http.Server[] = [];

beforeAll(async () => {
  for (const pod of PODS) servers.set(pod, serve(pod));
  const port = await listenAsPods(PODS.map((pod) => [pod, servers.get(pod)!]));
  const service = serve(SERVICE);
  const servicePort = await listen(service, '127.0.0.1', 0);
  servers.set(SERVICE, service);
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  gateway = await startGateway(
    gatewayConfigSchema.parse({
      PORT: '0', LOG_LEVEL: 'silent', CONTENT_URL: serviceUrl, AUTH_URL: serviceUrl, WORKLOG_URL: serviceUrl, PDF_URL: serviceUrl, RENDER_URL: serviceUrl,
      CONTENT_PODS_URL: `http://content-pods:${port}`, RENDER_PODS_URL: `http://render-pods:${port}`,
      AFFINITY_SUBSET: '2', AFFINITY_REFRESH_MS: '50', AFFINITY_QUARANTINE_MS: '600000',
    }),
    {
      resolveAddresses: async (name) => {
        if (!/^(content|render)-pods$/.test(name)) throw Object.assign(new Error(`no such name ${name}`), { code: 'ENOTFOUND' });
        return listed;
      },
    },
  );
});

afterAll(async () => {
  await gateway?.stop();
  for (const name of [...servers.keys()]) await kill(name);
  for (const s of afterAllClose) s.closeAllConnections();
});

beforeEach(() => {
  seen.length = 0;
});

function call(journal: string, path: string, method = 'GET') {
  return new Promise<string>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: gateway.port, path, method, headers: { host: hostOf(journal), 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => (res.statusCode === 200 ? resolve((JSON.parse(text) as { server: string }).server) : reject(new Error(`${res.statusCode} ${text}`))));
    });
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : '{}');
  });
}

/** The servers that answered a journal's requests. */
const landed = (journal: string) => [...new Set(seen.filter(([, j]) => j === journal).map(([s]) => s))].sort();

describe('journal affinity', () => {
  it("sends each journal's reads, writes and pages to its subset of pods, both members sharing them", async () => {
    for (const j of JOURNALS) {
      for (let i = 0; i < 8; i++) await call(j, '/api/settings');
      await call(j, '/api/settings', 'PUT');
      await call(j, '/about');
      expect([j, landed(j)]).toEqual([j, subsetOf(j, PODS, 2).sort()]);
    }
    // The subsets differ between journals: every pod holds a share.
    expect(new Set(seen.map(([s]) => s))).toEqual(new Set(PODS));
  });

  it('a pod that dies is left out: reads keep answering, on the next pod of the journal', async () => {
    const journal = JOURNALS.find((j) => subsetOf(j, PODS, 2).includes('127.0.0.2'))!;
    await kill('127.0.0.2');
    // The lookup still lists it (cluster DNS lags): the first refused connection leaves it out.
    for (let i = 0; i < 10; i++) await call(journal, '/api/settings');
    const alive = PODS.filter((p) => p !== '127.0.0.2');
    expect(landed(journal)).toEqual(subsetOf(journal, alive, 2).sort());
    expect(landed(journal)).not.toContain('127.0.0.2');
  });

  it('follows the lookup: a pod it no longer lists gets no journal, a new one gets its share', async () => {
    listed = ['127.0.0.1'];
    await eventually(async () => {
      seen.length = 0;
      for (const j of JOURNALS) await call(j, '/api/settings');
      expect(new Set(seen.map(([s]) => s))).toEqual(new Set(['127.0.0.1']));
    });
    listed = ['127.0.0.1', '127.0.0.3'];
    await eventually(async () => {
      seen.length = 0;
      for (const j of JOURNALS) for (let i = 0; i < 4; i++) await call(j, '/api/settings');
      expect(new Set(seen.map(([s]) => s))).toEqual(new Set(listed));
    });
  });

  it('with no pod reachable, requests go to the Service, as without affinity', async () => {
    // The two pods the last test reached die with kept-alive connections open, and the one no longer
    // running (.2) is listed again: a journal's read can meet a reset, then three refusals, before
    // the Service.
    dieLeavingConnections('127.0.0.3');
    dieLeavingConnections('127.0.0.1');
    listed = [...PODS];
    await new Promise((r) => setTimeout(r, 300));
    for (const j of JOURNALS) {
      expect(await call(j, '/api/settings')).toBe(SERVICE);
      expect(await call(j, '/about')).toBe(SERVICE);
    }
    expect(await call(JOURNALS[0]!, '/api/settings', 'PUT')).toBe(SERVICE);
  });
});
