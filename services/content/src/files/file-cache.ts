import { ownBytes } from '@journal/server-kit';
import type { ViewCache } from '../views/view-cache';
import type { FileStore, StoredFile } from './file-store';

/** Files up to this size are kept in memory after the first read. */
export const FILE_MEMORY_MAX = 512 * 1024;

/**
 * A public file's stat and bytes as the asset route serves them, from the public cache: the stat
 * until the change feed says the path changed, the bytes by content hash. Nothing is read before
 * a download asks: a file warms on its first read.
 */
export const cachedStat = (cache: ViewCache, files: FileStore, journalId: string, path: string, known?: StoredFile) =>
  cache.stable<StoredFile | null>(journalId, `stat:${path}`, async () => known ?? files.stat(journalId, path), () => 300);

export const cachedBytes = (cache: ViewCache, files: FileStore, journalId: string, stat: StoredFile) =>
  cache.stable<Buffer | null>(journalId, `bytes:${stat.path}:${stat.etag}`, async () => {
    const b = await files.readStored(stat);
    return b && ownBytes(b);
  }, (b) => (b?.length ?? 0) + 100);
