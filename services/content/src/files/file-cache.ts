import type { Logger } from '@journal/server-kit';
import type { PublicCache } from '../cache/public-cache';
import { assetPath, type FileStore, type StoredFile } from './file-store';

/** Files up to this size are kept in memory after the first read. */
export const FILE_MEMORY_MAX = 512 * 1024;

/**
 * A public file's stat and bytes as the asset route serves them, from the public cache: the stat
 * until the change feed says the path changed, the bytes by content hash. The warm-up below fills
 * the same entries.
 */
export const cachedStat = (cache: PublicCache, files: FileStore, journalId: string, path: string, known?: StoredFile) =>
  cache.stable<StoredFile | null>(journalId, `stat:${path}`, async () => known ?? files.stat(journalId, path), () => 300);

export const cachedBytes = (cache: PublicCache, files: FileStore, journalId: string, stat: StoredFile) =>
  cache.stable<Buffer | null>(journalId, `bytes:${stat.path}:${stat.etag}`, () => files.readStored(stat), (b) => (b?.length ?? 0) + 100);

export interface WarmedFiles {
  files: number;
  bytes: number;
  ms: number;
}

/**
 * Before the process reports ready: the article PDFs of every journal's newest issues, the files
 * readers download first after a release or a restart, read into the public cache within
 * `budgetBytes` (newest issue first, the journals taking turns), so no download waits on the
 * database behind a cold cache. Older issues are read on their first download, as before.
 */
export async function warmArticleFiles(cache: PublicCache, files: FileStore, logger: Logger, budgetBytes: number): Promise<WarmedFiles> {
  const started = Date.now();
  const warmed: WarmedFiles = { files: 0, bytes: 0, ms: 0 };
  if (budgetBytes <= 0) return warmed;
  // Per journal, its PDF paths in public order (newest issue first).
  const queues: { journalId: string; paths: string[] }[] = [];
  for (const journalId of cache.model.journals()) {
    const view = cache.model.peek(journalId);
    if (!view) continue;
    const paths = view
      .corpus()
      .articles.filter((a) => a.file)
      .map((a) => assetPath.article(a.year, a.volume, a.issue, a.file));
    if (paths.length) queues.push({ journalId, paths });
  }
  const BATCH = 16;
  let left = budgetBytes;
  for (let from = 0; left > 0 && queues.some((q) => from < q.paths.length); from += BATCH) {
    for (const q of queues) {
      const paths = q.paths.slice(from, from + BATCH);
      if (!paths.length || left <= 0) continue;
      const stats = await files.statMany(q.journalId, paths);
      const take: StoredFile[] = [];
      for (const p of paths) {
        const s = stats.get(p);
        if (!s || s.length > FILE_MEMORY_MAX || s.length > left) continue;
        left -= s.length;
        take.push(s);
      }
      await Promise.all(
        take.map(async (s) => {
          // Stat entries first: a download of this file meets no database read.
          await cachedStat(cache, files, q.journalId, s.path, s);
          const body = await cachedBytes(cache, files, q.journalId, s);
          if (body) {
            warmed.files++;
            warmed.bytes += body.length;
          }
        }),
      );
    }
  }
  warmed.ms = Date.now() - started;
  logger.info(warmed, 'article files warmed');
  return warmed;
}
