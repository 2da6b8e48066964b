/**
 * Records the golden public answers of a built checkout: seeds the demo journals into a database
 * of its own, starts that checkout's stack (its own scripts/stack.ts), walks every public answer
 * and page after a few admin writes (e2e/golden/golden-writes.ts), and writes the fixture the
 * golden comparison reads.
 *
 *   tsx e2e/golden/record-golden.ts --root DIR --commit SHA --out e2e/fixtures/golden-public.json.gz
 *
 * DIR is a built copy of the commit (`git archive SHA | tar -x -C DIR`, node_modules linked,
 * `npm run build`): the answers are that commit's, whatever checkout runs this script.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';
import { goldenPorts, RECORDED_NGINX_PORT } from './golden-ports';
import { goldenWrites } from './golden-writes';
import { fixtureOf, Normaliser, walkPublic } from './public-walk';

interface StackModule {
  serverEnv(): { MONGO_URL: string; REDIS_URL: string };
  startStack(o: { portBase: number; nginxPort: number; mongoDb: string; redisPrefix: string; name: string; logLevel?: string; pdfWorkers?: number }): Promise<{ stop(): Promise<void> }>;
}
interface SeedModule {
  seedDemo(o: { mongoUrl: string; dbName: string }): Promise<{ id: string; slug: string; hosts: string[] }[]>;
}

async function main() {
  const { values } = parseArgs({ options: { root: { type: 'string' }, commit: { type: 'string' }, out: { type: 'string' } } });
  if (!values.root || !values.commit || !values.out) throw new Error('usage: record-golden --root DIR --commit SHA --out FILE');
  const root = path.resolve(values.root);
  const stackMod = (await import(path.join(root, 'scripts/stack.ts'))) as StackModule;
  const seedMod = (await import(path.join(root, 'scripts/seed.ts'))) as SeedModule;
  const servers = stackMod.serverEnv();
  const ports = goldenPorts();
  const since = Date.now() - 5_000;
  // The seed of that commit takes this year as the demo's newest.
  const seedYear = new Date().getUTCFullYear();
  const conn = await mongoose.createConnection(servers.MONGO_URL, { dbName: ports.db }).asPromise();
  await conn.dropDatabase();
  await conn.close();
  const journals = await seedMod.seedDemo({ mongoUrl: servers.MONGO_URL, dbName: ports.db });
  const stack = await stackMod.startStack({ portBase: ports.portBase, nginxPort: ports.nginxPort, mongoDb: ports.db, redisPrefix: `golden${Date.now().toString(36)}:`, name: 'golden', logLevel: 'warn', pdfWorkers: 0 });
  try {
    const hosts = journals.map((j) => ({ slug: j.slug, host: j.hosts[0]! }));
    const written = await goldenWrites(ports.nginxPort, hosts);
    const answers = await walkPublic(ports.nginxPort, hosts, new Normaliser(since, () => Date.now(), { today: ports.nginxPort, recorded: RECORDED_NGINX_PORT }), written);
    writeFileSync(values.out, gzipSync(JSON.stringify(fixtureOf(values.commit, seedYear, answers)), { level: 9 }));
    console.log(`${answers.size} answers of ${journals.length} journals recorded from ${values.commit} in ${values.out}`);
  } finally {
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
