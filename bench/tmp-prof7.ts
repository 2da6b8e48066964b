import mongoose, { Types } from 'mongoose';
import { brotliDecompress } from 'node:zlib';
import { promisify } from 'node:util';
import { SearchRepo, chunkId } from '../services/content/src/search/search.repo';
import { JournalSearch } from '../services/content/src/search/journal-search';
const journalId = (j: number) => new Types.ObjectId((0xc0000000 + j).toString(16).padStart(24, '0')).toHexString();
async function main() {
  const conn = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: `journal_bench_${process.env.JP_LANE}_search` }).asPromise();
  const repo = new SearchRepo(conn);
  const big = journalId(0);
  const head = (await repo.head(big))!;
  const raw = conn.db!.collection<{ _id: string; z: mongoose.mongo.Binary }>('search_chunks');
  let t = performance.now();
  const ids = head.chunks.map(([d, p]) => chunkId(big, head.g, d, p));
  const docs: { z: mongoose.mongo.Binary }[] = [];
  let i = 0;
  await Promise.all(Array.from({ length: 8 }, async () => { while (i < ids.length) { const id = ids[i++]!; docs.push((await raw.findOne({ _id: id }))!); } }));
  let bytes = 0; for (const d of docs) bytes += d.z.length();
  console.log('raw 8', (performance.now() - t).toFixed(0), 'bytes', bytes); t = performance.now();
  const texts = await Promise.all(docs.map((d) => promisify(brotliDecompress)(d.z.value())));
  console.log('decompress', (performance.now() - t).toFixed(0)); t = performance.now();
  let len = 0; for (const x of texts) { len += x.length; JSON.parse(x.toString()); }
  console.log('parse', (performance.now() - t).toFixed(0), 'json', len); t = performance.now();
  const parts = await Promise.all(head.chunks.map(([d, p]) => repo.chunk(big, head.g, d, p)));
  console.log('repo all', (performance.now() - t).toFixed(0)); t = performance.now();
  const js = new JournalSearch(big, parts.flat(), { minIndexed: 1e9 });
  console.log('construct', (performance.now() - t).toFixed(0)); t = performance.now();
  js.search('zzzz', 1000);
  console.log('scan', (performance.now() - t).toFixed(0));
  await conn.close();
}
void main();
