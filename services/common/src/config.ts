import { z } from 'zod';

/**
 * Reads one zod schema from the environment, once per service. A failure names every
 * missing or malformed variable at once so an operator fixes them in one go.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
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

export const mongoConfigShape = {
  MONGO_URL: z.string().min(1, 'MONGO_URL is required (mongodb://...)'),
  MONGO_DB: z.string().min(1).default('journal'),
};

export const redisConfigShape = {
  REDIS_URL: z.string().min(1, 'REDIS_URL is required (redis://...)'),
  REDIS_PREFIX: z.string().default('jp:'),
};

export const jwtConfigShape = {
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
};
