import { z } from 'zod';
import { baseConfigShape, isIpRule, mongoConfigShape, redisConfigShape } from '@journal/server-kit';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** What enqueueing needs (the content service and the mail worker): the `mail` queue's retries. */
export const mailQueueConfigShape = {
  /**
   * Tries of one message while the SMTP server cannot be reached or refuses for now: the first
   * wait MAIL_RETRY_MS, doubled each time up to MAIL_RETRY_MAX_MS, so a relay back after an
   * outage of hours is tried again within that (default: 100 tries, about 16 hours in all).
   */
  MAIL_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(100),
  MAIL_RETRY_MS: z.coerce.number().int().min(10).default(15_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(10).default(600_000),
};

/**
 * The mail worker (its own process and Deployment: docs/architecture.md#mail). The SMTP relay is
 * configuration: locally Mailpit, in Kubernetes a relay whose login comes from a Secret.
 */
export const mailWorkerConfigSchema = z.object({
  ...baseConfigShape,
  ...mongoConfigShape,
  ...redisConfigShape,
  ...mailQueueConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4006),
  SMTP_HOST: z.string().min(1, 'SMTP_HOST is required (the SMTP relay; locally Mailpit, 127.0.0.1)'),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  /** 'tls': TLS from the first byte (port 465); 'starttls': STARTTLS required; 'none': plain (loopback only). */
  SMTP_TLS: z.enum(['tls', 'starttls', 'none']).default('starttls'),
  /** The relay's login; none for a relay that takes mail from the pod's address (and the local Mailpit). */
  SMTP_USER: z.string().default(''),
  /** Set only with SMTP_USER; in production held to the secrets' bar like every *_PASSWORD (docs/security.md#secrets). */
  SMTP_PASSWORD: z
    .string()
    .default('')
    .transform((v) => v || undefined),
  /**
   * The relay's address range (one CIDR block): in Kubernetes the mail worker's egress policy is
   * made from it (k8s/components/smtp-relay), and the worker checks SMTP_HOST against it at start.
   * Empty: no check (locally).
   */
  SMTP_RELAY_CIDR: z.string().trim().refine((v) => v === '' || isIpRule(v), 'SMTP_RELAY_CIDR must be an address or CIDR block, e.g. 10.20.2.0/28').default(''),
  /** Refuse a relay whose certificate does not verify (false only for a test relay). */
  SMTP_TLS_VERIFY: flag.default(true),
  /** The sender when a journal has set none (its own address is used first). */
  MAIL_DEFAULT_FROM: z.string().trim().email().default('no-reply@mail.invalid'),
  /** Messages sent at once by this process. */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /** Attachments of one message up to this total (MB); past it, the rest are links. */
  MAIL_ATTACHMENTS_MAX_MB: z.coerce.number().min(0).max(100).default(10),
  /**
   * How long a send may hold a message before another worker takes it over: longer than the
   * SMTP timeouts below together, so a live send is never taken over.
   */
  MAIL_SEND_LEASE_MS: z.coerce.number().int().min(1000).default(180_000),
  /** Connect, greeting and socket timeouts of the SMTP connection. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(500).default(30_000),
  /** How long a job may run without renewing its lock before BullMQ gives it to another worker (a killed worker's jobs come back after this). */
  MAIL_LOCK_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How often messages left queued (their job lost) or held by a stopped worker are looked for, and takes no write needs pruned. */
  MAIL_SWEEP_MS: z.coerce.number().int().min(200).default(60_000),
});
export type MailWorkerConfig = z.infer<typeof mailWorkerConfigSchema>;
