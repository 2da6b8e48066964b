import mongoose, { Types } from 'mongoose';
import { createLogger } from '@journal/server-kit';
import { jsonList } from '../services/content/src/public/public.service';
import { SearchRepo } from '../services/content/src/search/search.repo';
import { SearchStore } from '../services/content/src/search/search.store';
import { run } from './publisher-search.bench';
const journalId = (j: number) => new Types.ObjectId((0xc0000000 + j).toString(16).padStart(24, '0')).toHexString();
async function main() {
  if (process.env.SEED) await run({ mongoUrl: process.env.MONGO_URL!, dbName: `journal_bench_${process.env.JP_LANE}` });
  const conn = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: `journal_bench_${process.env.JP_LANE}_search` }).asPromise();
  const s = new SearchStore({ repo: new SearchRepo(conn), logger: createLogger('x', 'warn'), budgetBytes: 2 ** 30, source: () => [] });
  const big = journalId(0);
  let t = performance.now();
  await s.search(big, 'zzzz');
  console.log('cold', performance.now() - t);
  while (!s.indexed(big)) await new Promise((r) => setTimeout(r, 50));
  console.log('indexed after', performance.now() - t);
  for (const k of ['study 31337', 'adaptive bayesian models', 'adaptive', '23 data sets', 'dapt', 'zz5qq', 'dynamics effects in adaptive', 'author123456', 'results hold across', 'the']) {
    const ts: number[] = [];
    let n = 0;
    for (let r = 0; r < 5; r++) { t = performance.now(); const h = await s.search(big, k); jsonList(h); n = h.length; ts.push(performance.now() - t); }
    const ta: number[] = [];
    for (let r = 0; r < 3; r++) { t = performance.now(); await s.adminSearch(big, k, 200); ta.push(performance.now() - t); }
    console.log(k.padEnd(30), n, ts.map((x) => x.toFixed(1)).join(' '), ' admin', ta.map((x) => x.toFixed(1)).join(' '));
  }
  await conn.close();
}
void main();
