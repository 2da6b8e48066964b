import { z } from 'zod';
import { baseConfigShape, jwtConfigShape, loadConfig, mongoConfigShape, redisConfigShape } from '@journal/server-kit';

export const authConfigSchema = z.object({
  ...baseConfigShape,
  ...mongoConfigShape,
  ...redisConfigShape,
  ...jwtConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  /** Failures from one address on one user name before each further one makes it wait. */
  LOGIN_MAX_FAILURES_PER_USER: z.coerce.number().int().positive().default(5),
  /** Failures from one address, across user names and journals, before the delays start. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(20),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  LOGIN_BASE_DELAY_SECONDS: z.coerce.number().int().positive().default(2),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().positive().default(900),
  /** How often entries older than a year are deleted from the activity log (minutes; 0: never). */
  ACTIVITY_SWEEP_MINUTES: z.coerce.number().int().min(0).max(24 * 60).default(60),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
export const readAuthConfig = () => loadConfig(authConfigSchema);
