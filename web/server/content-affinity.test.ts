import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { emptySettingsText, journalFlagsSchema } from '@journal/contracts';
import { ReplicaSet, createLogger, subsetOf } from '@journal/server-kit';
import { listenAsPods } from '@journal/testing';
import { ContentReads, type RequestFacts } from './content-reads';

/**
 * The render process reads a journal from the same content pods the gateway sends the journal's
 * API requests to: three stand-in pods (127.0.0.1-3, one port, as a headless Service's pods share
 * theirs) and a stand-in Service, the pods' addresses from a lookup the test controls.
 */
const PODS = ['127.0.0.1', '127.0.0.2', '127.0.0.3'];
const JOURNALS = Array.from({ length: 6 }, (_, i) => `6b03df2b529aaa24f1032f1${i}`);
const facts = (journalId: string): RequestFacts => ({ journalId, journalHost: 'localhost', clientIp: '127.0.0.1', requestId: 'r', fresh: true });

/** Which server answered which journal. */
const seen: [string, string][] = [];
const servers = new Map<string, http.Server>();
let port = 0;
let serviceUrl = '';
let replicas: ReplicaSet;
let reads: ContentReads;

const serve = (name: string) =>
  http.createServer((req, res) => {
    seen.push([name, String(req.headers['x-journal-id'])]);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...emptySettingsText(), websitename: name, flags: journalFlagsSchema.parse({}), asset_urls: {} }));
  });
const listen = (s: http.Server, host: string, p: number) => new Promise<number>((r) => s.listen(p, host, () => r((s.address() as AddressInfo).port)));
const kill = async (name: string) => {
  const s = servers.get(name)!;
  s.closeAllConnections();
  await new Promise((r) => s.close(r));
  servers.delete(name);
};
const landed = (journal: string) => [...new Set(seen.filter(([, j]) => j === journal).map(([s]) => s))].sort();

beforeAll(async () => {
  for (const pod of PODS) servers.set(pod, serve(pod));
  port = await listenAsPods(PODS.map((pod) => [pod, servers.get(pod)!]));
  const service = serve('service');
  serviceUrl = `http://127.0.0.1:${await listen(service, '127.0.0.1', 0)}`;
  servers.set('service', service);
  replicas = new ReplicaSet({ name: 'content', hostname: 'content-pods', subset: 2, refreshMs: 60_000, quarantineMs: 600_000, logger: createLogger('render', 'silent'), resolve: async () => PODS });
  await replicas.ready();
  reads = new ContentReads(serviceUrl, 0, 5000, { replicas, port, connectTimeoutMs: 1000 });
});

afterAll(async () => {
  reads?.close();
  for (const name of [...servers.keys()]) await kill(name);
});

beforeEach(() => {
  seen.length = 0;
});

describe('render process: journal affinity of its content reads', () => {
  test("each journal's reads go to its subset of content pods, both members sharing them", async () => {
    for (const j of JOURNALS) {
      for (let i = 0; i < 6; i++) await reads.forRequest(facts(j)).settings();
      expect([j, landed(j)]).toEqual([j, subsetOf(j, PODS, 2).sort()]);
    }
  });

  test('a pod that dies is left out and the page still gets its read; with no pod left, the Service answers', async () => {
    const journal = JOURNALS.find((j) => subsetOf(j, PODS, 2).includes('127.0.0.2'))!;
    await kill('127.0.0.2');
    for (let i = 0; i < 6; i++) await reads.forRequest(facts(journal)).settings();
    expect(landed(journal)).toEqual(subsetOf(journal, ['127.0.0.1', '127.0.0.3'], 2).sort());
    await kill('127.0.0.1');
    await kill('127.0.0.3');
    seen.length = 0;
    for (const j of JOURNALS) expect((await reads.forRequest(facts(j)).settings()).websitename).toBe('service');
    expect(new Set(seen.map(([s]) => s))).toEqual(new Set(['service']));
  });
});
