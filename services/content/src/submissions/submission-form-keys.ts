import { createHash } from 'node:crypto';
import { AppError, claimOnce, type Redis } from '@journal/server-kit';
import { SUBMISSION_MESSAGES as M } from '@journal/contracts';

export type FormClaim =
  | { kind: 'first'; done(submissionId: string): Promise<void>; release(): Promise<void> }
  | { kind: 'repeat'; submissionId: string };

const hashed = (s: string, n: number) => createHash('sha256').update(s).digest('base64url').slice(0, n);

/**
 * docs/product.md#submissions: the form's one-time key (a hidden field, so it works without
 * scripts), claimed once per journal (`claimOnce`): a repeat while the first send runs waits for
 * it, a repeat after it gets the same submission (a new status link, no second acknowledgement). A
 * refused send frees the key, so the corrected form goes through. The same key with other details
 * (another e-mail, title or file) is refused: another submission sent from a stale page.
 */
export class SubmissionFormKeys {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly waitMs = 30_000,
  ) {}

  async claim(journalId: string, formKey: string, fingerprint: string): Promise<FormClaim> {
    const c = await claimOnce(this.redis, `${this.prefix}subform:${journalId}:${hashed(formKey, 32)}`, hashed(fingerprint, 22), {
      ttlSeconds: 24 * 3600,
      pendingMs: 120_000,
      waitMs: this.waitMs,
      mismatch: () => new AppError(422, 'form_reused', M.formReused),
      busy: () => new AppError(409, 'submission_in_progress', M.formInProgress),
    });
    return c.kind === 'repeat' ? { kind: 'repeat', submissionId: c.result } : c;
  }
}
