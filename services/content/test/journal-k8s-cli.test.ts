/**
 * `jp journal k8s` prints the routing of a stored journal (the jp the content image runs, against
 * the real database): its ListenerSet on the shared Gateway, a Certificate per host and its
 * HTTPRoute, as YAML for k8s/overlays/prod/journals/, or as JSON; an unknown journal is refused.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import mongoose from 'mongoose';
import YAML from 'yaml';
import { testServers, uniqueName } from '@journal/testing';

const { mongoUrl, redisUrl } = testServers();
const env = { ...process.env, MONGO_URL: mongoUrl, MONGO_DB: uniqueName('jpk8s'), REDIS_URL: redisUrl, REDIS_PREFIX: `${uniqueName('t')}:` };
const jp = (...args: string[]) => spawnSync(process.execPath, [path.join(__dirname, '../dist/cli/jp.js'), ...args], { env, encoding: 'utf8' });

afterAll(async () => {
  const conn = await mongoose.createConnection(mongoUrl, { dbName: env.MONGO_DB }).asPromise();
  await conn.dropDatabase();
  await conn.close();
});

test('prints the ListenerSet, a Certificate per host and the route of the stored hosts', () => {
  expect(jp('journal', 'create', '--slug', 'geo', '--name', 'Geo Journal', '--host', 'www.geo-journal.org', '--host', 'Geo-Journal.org').status).toBe(0);
  const r = jp('journal', 'k8s', '--slug', 'geo');
  expect([r.status, r.stderr]).toEqual([0, '']);
  const docs = YAML.parseAllDocuments(r.stdout).map((d) => d.toJS() as { kind: string; metadata: { name: string }; spec: Record<string, unknown> });
  expect(docs.map((d) => `${d.kind}/${d.metadata.name}`)).toEqual([
    'ListenerSet/journal-geo', 'Certificate/www-geo-journal-org', 'Certificate/geo-journal-org', 'HTTPRoute/journal-geo',
  ]);
  expect(docs[3]!.spec.hostnames).toEqual(['www.geo-journal.org', 'geo-journal.org']);
  expect(r.stdout).toMatch(/^# Journal geo on the shared Gateway/);

  const json = jp('journal', 'k8s', '--slug', 'geo', '--gateway', 'edge', '--json');
  const out = JSON.parse(json.stdout) as { ok: boolean; manifests: { kind: string; spec: { parentRef?: { name: string } } }[] };
  expect(out.ok).toBe(true);
  expect(out.manifests[0]!.spec.parentRef!.name).toBe('edge');
});

test('an unknown journal is refused with exit 1', () => {
  const r = jp('journal', 'k8s', '--slug', 'nope', '--json');
  expect(r.status).toBe(1);
  expect(JSON.parse(r.stderr.trim())).toMatchObject({ ok: false });
});
