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
   * Serve list queries from the persisted per-journal index (work_index_heads/work_index_pages,
   * read by `_id`). False: plain queries on the entries collection, which MongoDB answers from
   * the compound indexes but FerretDB's SQLite backend answers by scanning the collection (its only
   * pushed-down filter is `_id` equality). Writes keep the index current either way.
   */
  WORKLOG_LIST_FROM_INDEX: flag.default(true),
  /** Memory for cached index pages (least recently used dropped beyond it); it does not grow with the corpus. */
  WORKLOG_CACHE_MB: z.coerce.number().positive().default(64),
});
export type WorklogConfig = z.infer<typeof worklogConfigSchema>;
export const readWorklogConfig = () => loadConfig(worklogConfigSchema);
