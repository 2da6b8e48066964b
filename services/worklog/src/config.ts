import { z } from 'zod';
import { baseConfigShape, jwtConfigShape, loadConfig, mongoConfigShape, redisConfigShape } from '@journal/server-kit';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const worklogConfigSchema = z.object({
  ...baseConfigShape,
  ...mongoConfigShape,
  ...redisConfigShape,
  ...jwtConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  /**
   * Serve list queries from an in-process index of each journal's entries, kept coherent across
   * replicas by a version counter in Redis. FerretDB's SQLite backend pushes down no filter but
   * `_id` equality and no sort, so on it every list query is a full scan (seconds at 100k
   * entries); on MongoDB the compound indexes make the database path fast as well.
   */
  WORKLOG_MEMORY_INDEX: flag.default(true),
  /** Journals kept in memory at once; the least recently used one is dropped beyond this. */
  WORKLOG_MEMORY_JOURNALS: z.coerce.number().int().positive().default(50),
  /** How often replicas compare the change counters in Redis with what they applied (lost pub/sub messages). */
  WORKLOG_VERSION_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** start() resolves once the indexes are loaded (/readyz answers 503 meanwhile either way); false: once it listens. */
  WAIT_READY: flag.default(true),
});
export type WorklogConfig = z.infer<typeof worklogConfigSchema>;
export const readWorklogConfig = () => loadConfig(worklogConfigSchema);
