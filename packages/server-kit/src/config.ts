import { z } from 'zod';
import { assertProductionSecrets } from './secret-policy';

/**
 * Reads one zod schema from the environment, once per service. A failure names every
 * missing or malformed variable at once so an operator fixes them in one go. In production,
 * secrets that are short, predictable or written in the repository are refused too.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) {
    if (parsed.data && typeof parsed.data === 'object') assertProductionSecrets(parsed.data as Record<string, unknown>);
    return parsed.data;
  }
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
}

/** Fields every HTTP service shares. */
export const baseConfigShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().default('127.0.0.1'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
};

/** Request log lines of a service on the readers' path (createHttpApp's `logSample`). */
export const requestLogConfigShape = {
  /** 1 in N successful reads (GET/HEAD, < 400) is logged; 1 logs every request. */
  LOG_SUCCESS_SAMPLE: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Requests slower than this (ms) are logged whatever the sampling. */
  LOG_SLOW_MS: z.coerce.number().int().min(0).default(500),
};

/** The sampling `createHttpApp` takes, from a config with `requestLogConfigShape`. */
export const logSampleOf = (c: { LOG_SUCCESS_SAMPLE: number; LOG_SLOW_MS: number }) => ({ every: c.LOG_SUCCESS_SAMPLE, slowMs: c.LOG_SLOW_MS });

export const mongoConfigShape = {
  MONGO_URL: z.string().min(1, 'MONGO_URL is required (mongodb://...)'),
  MONGO_DB: z.string().min(1).default('journal'),
};

export const redisConfigShape = {
  REDIS_URL: z.string().min(1, 'REDIS_URL is required (redis://...)'),
  REDIS_PREFIX: z.string().default('jp:'),
};

export const jwtConfigShape = {
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters (make one with `openssl rand -base64 48`)'),
  /** How long a service trusts its last look at a signed-in user's status before reading it again. */
  USER_STATE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /**
   * 'off' only for one service's own API tests, which sign tokens for users that exist nowhere;
   * refused in production.
   */
  AUTH_CHECK_STORED_USER: z.enum(['on', 'off']).default('on'),
};
