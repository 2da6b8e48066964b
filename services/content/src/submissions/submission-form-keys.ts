import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, type Redis } from '@journal/server-kit';
import { SUBMISSION_MESSAGES as M } from '@journal/contracts';

/** Replaces (or with no value, deletes) the key only while it still holds this sender's claim. */
const SETTLE = `if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '' then return redis.call('del', KEYS[1]) end
redis.call('set', KEYS[1], ARGV[2], 'EX', ARGV[3]) return 1`;

const PENDING = 'P|';
const DONE = 'D|';

export type FormClaim =
  | { kind: 'first'; done(submissionId: string): Promise<void>; release(): Promise<void> }
  | { kind: 'repeat'; submissionId: string };

export interface FormKeyOptions {
  /** How long a repeat is answered with the first send's submission. */
  ttlSeconds: number;
  /** How long a claim outlives a send that never finishes (a process killed mid-upload). */
  pendingMs: number;
  /** How long a repeat waits for the first send to finish before it is told to look again later. */
  waitMs: number;
}

const DEFAULTS: FormKeyOptions = { ttlSeconds: 24 * 3600, pendingMs: 120_000, waitMs: 30_000 };

/**
 * docs/product.md#submissions: the form's one-time key (a hidden field, so it works without
 * scripts). The first send with a key claims it in Redis (SET NX, shared by every replica); a repeat
 * while it runs waits for it, a repeat after it gets the same submission (a new status link, no
 * second acknowledgement). A refused send frees the key, so the corrected form goes through. The
 * same key with other details (another e-mail, title or file) is refused: it is another submission
 * sent from a stale page.
 */
export class SubmissionFormKeys {
  private readonly o: FormKeyOptions;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: Partial<FormKeyOptions> = {},
  ) {
    this.o = { ...DEFAULTS, ...options };
  }

  async claim(journalId: string, formKey: string, fingerprint: string): Promise<FormClaim> {
    const key = `${this.prefix}subform:${journalId}:${createHash('sha256').update(formKey).digest('base64url').slice(0, 32)}`;
    const fp = createHash('sha256').update(fingerprint).digest('base64url').slice(0, 22);
    const until = Date.now() + this.o.waitMs;
    for (;;) {
      const owner = `${PENDING}${randomUUID()}|${fp}`;
      if ((await this.redis.set(key, owner, 'PX', this.o.pendingMs, 'NX')) === 'OK') {
        const settle = (value: string) => this.redis.eval(SETTLE, 1, key, owner, value, String(this.o.ttlSeconds)).then(() => undefined);
        return { kind: 'first', done: (id) => settle(`${DONE}${id}|${fp}`), release: () => settle('').catch(() => undefined) };
      }
      const held = await this.redis.get(key);
      if (held !== null && !held.endsWith(`|${fp}`)) throw new AppError(422, 'form_reused', M.formReused);
      if (held?.startsWith(DONE)) return { kind: 'repeat', submissionId: held.slice(DONE.length).split('|')[0]! };
      if (Date.now() > until) throw new AppError(409, 'submission_in_progress', M.formInProgress);
      if (held) await sleep(100);
    }
  }
}
