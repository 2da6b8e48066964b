import { z } from 'zod';
import { edgeConfigShape } from './edge/edge.config';
import { mailQueueConfigShape } from './mail/mail.config';
import { submissionConfigShape } from './submissions/submission.config';
import { reviewConfigShape } from './reviews/review.config';
import { baseConfigShape, jwtConfigShape, loadConfig, mongoConfigShape, publicOriginConfigShape, redisConfigShape, requestLogConfigShape } from '@journal/server-kit';

export const contentConfigSchema = z.object({
  ...baseConfigShape,
  ...requestLogConfigShape,
  ...mongoConfigShape,
  ...redisConfigShape,
  ...jwtConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  /** Scheme and port of absolute public URLs; the host is the journal's primary host. */
  ...publicOriginConfigShape,
  /** URLs per sitemap file before /sitemap.xml becomes an index (sitemaps.org: 50,000). */
  SITEMAP_MAX_URLS: z.coerce.number().int().min(1).max(50_000).default(50_000),
  /** Journals with at least this many articles get the token index for their search (built in the background once the journal is read). */
  SEARCH_INDEX_MIN_ARTICLES: z.coerce.number().int().min(1).default(2000),
  /** Memory for the journals' search indexes held at once (MB; docs/architecture.md#search): fits a 50,000-article journal of short texts; with CACHE_MAX_MB and the process itself, a 512 MiB pod. */
  SEARCH_CACHE_MB: z.coerce.number().int().min(1).default(96),
  /**
   * The memory budget of the in-process cache (stored views and answers made from them, file
   * bytes), MB: sized for a 512 MiB pod (the process itself takes about 150 MB besides).
   */
  CACHE_MAX_MB: z.coerce.number().int().min(1).default(192),
  /**
   * At most this many entries in that cache; 0: no cap, the byte budget bounds it (a cap costs
   * memory of its own: its slot table is allocated whole at start, about 35 bytes an entry).
   */
  CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(0),
  /**
   * How old the process's host → journal map may get before it is read again in the background
   * (ms): a host or status change made on another replica is seen within this.
   */
  HOST_DIRECTORY_TTL_MS: z.coerce.number().int().min(0).default(5000),
  /** How often replicas compare the change counters in Redis with what they applied (lost pub/sub messages). */
  CACHE_VERSION_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /**
   * start() resolves once the change feed is subscribed (the server listens, and answers /readyz
   * 503 until then, from the beginning either way). false: resolve as soon as it listens.
   */
  WAIT_READY: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(true),
  /** Staff writes answer where their time went in a Server-Timing header (benchmarks; shared/save-trace.ts). */
  SERVER_TIMING: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(false),
  /** Usage counting of article views and PDF downloads ('off' only for measuring its cost). */
  STATS_COUNTING: z.enum(['on', 'off']).default('on').transform((v) => v === 'on'),
  /**
   * UDP port of nginx's usage log (syslog datagrams); empty: the HTTP port's number (UDP and TCP
   * ports do not collide), so nginx needs only the content service's address.
   */
  STATS_UDP_PORT: z.string().regex(/^\d{0,5}$/).default(''),
  /**
   * The file nginx appends its usage log to, when nginx runs on the same machine (the local run):
   * read once every half second instead of a datagram per download. Set, no UDP port is bound.
   */
  STATS_USAGE_FILE: z.string().default(''),
  /**
   * COUNTER's robots list (the COUNTER-Robots project's COUNTER_Robots_list.json, or its text
   * form): user agents matching it are not counted, on top of isbot's list. Empty: isbot alone.
   */
  STATS_ROBOTS_FILE: z.string().default(''),
  /** Requests by one client for one item at most this far apart are one action, the later kept (COUNTER: 30 s). */
  STATS_DEDUPE_MS: z.coerce.number().int().min(0).default(30_000),
  /** Hits held in memory while Redis is away (about 200 bytes each); past it the oldest are dropped. */
  STATS_BUFFER_MAX: z.coerce.number().int().min(100).default(100_000),
  /**
   * How often hits go to Redis, and counters from Redis to MongoDB. Often and small: a busy second's
   * hits handled at once would take a core for tens of milliseconds, and downloads would wait behind it.
   */
  STATS_PUSH_MS: z.coerce.number().int().min(10).default(100),
  STATS_FLUSH_MS: z.coerce.number().int().min(10).default(10_000),
  /**
   * How long after start one replica first stores the complete months' item counts not stored yet
   * (all of them after upgrading) and those a late hit made stale; then every 10 minutes.
   */
  STATS_ITEM_MONTHS_FIRST_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * How long a COUNTER item report (IR, IR_A1) is waited for before the request is answered
   * "queued" (1011, 202) while it is built on; the harvester asks again (docs/product.md#counter).
   */
  COUNTER_ITEM_WAIT_MS: z.coerce.number().int().min(0).default(15_000),
  /** The platform's name in the platform-wide COUNTER reports (docs/product.md#counter-platform): Platform and Created_By. */
  COUNTER_PLATFORM_NAME: z.string().trim().min(1).max(200).default('Journal platform'),
  /** Crossref's HTTPS deposit endpoint; its submission log is read from the same host (/servlet/submissionDownload). */
  CROSSREF_DEPOSIT_URL: z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL').default('https://doi.crossref.org/servlet/deposit'),
  /**
   * Key of the journals' stored Crossref passwords (AES-256-GCM): 32 bytes as 64 hex digits or
   * base64. Empty: Crossref credentials cannot be saved, so nothing is deposited.
   */
  CROSSREF_CREDENTIALS_KEY: z
    .string()
    .default('')
    .refine((v) => v === '' || /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32, 'must be 32 bytes: 64 hex digits or base64'),
  /** How long after an upload, and between two reads, Crossref's submission log is read. */
  CROSSREF_POLL_MS: z.coerce.number().int().min(10).default(60_000),
  /** Reads of the log before a submission Crossref never finishes is reported as failed (default: 2 days at one a minute). */
  CROSSREF_POLL_ROUNDS: z.coerce.number().int().min(1).default(2880),
  /** Tries of an upload or a log read while Crossref cannot be reached, and the first wait (doubled each time). */
  CROSSREF_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  CROSSREF_RETRY_MS: z.coerce.number().int().min(10).default(30_000),
  /** Time limit of one call to Crossref. */
  CROSSREF_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** Whether this process runs the deposit jobs (the `crossref` queue). */
  CROSSREF_WORKER: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(true),
  /**
   * An article add not finished after this long (its record stored pending, its PDF not) has
   * stopped, and the sweep takes it back every ARTICLE_PENDING_SWEEP_MS (docs/operations.md#the-database).
   */
  ARTICLE_PENDING_MAX_AGE_MS: z.coerce.number().int().min(1000).default(600_000),
  ARTICLE_PENDING_SWEEP_MS: z.coerce.number().int().min(1000).default(300_000),
  ...edgeConfigShape,
  ...mailQueueConfigShape,
  ...submissionConfigShape,
  ...reviewConfigShape,
});
export type ContentConfig = z.infer<typeof contentConfigSchema>;
export const readContentConfig = () => loadConfig(contentConfigSchema);
