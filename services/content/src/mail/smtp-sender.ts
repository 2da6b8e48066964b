import { Readable } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { MailWorkerConfig } from './mail.config';

export interface SmtpResult {
  response: string;
}

/**
 * The message as a stream whose end waits for `beforeEnd`: SMTP takes a message only at the line
 * after its last byte (`.`), which nodemailer writes when this stream ends. So the outbox records
 * "the server may have it" after every other byte went out and before that line, and a worker
 * killed before the record never sent a message the server kept (docs/architecture.md#mail).
 * `answered`: the transport has already failed the message (its connection dropped meanwhile).
 * A refused record then ends the stream without an error: nodemailer's pool hands a message
 * stream's error to its connection's 'error' event, whose one listener the drop has used up, so
 * the error would kill the process (it did, with the SMTP server killed while a record was written).
 */
function heldEnd(raw: Buffer, beforeEnd: () => Promise<void>, answered: () => boolean): Readable {
  let pushed = false;
  let ending = false;
  return new Readable({
    read() {
      if (!pushed) {
        pushed = true;
        this.push(raw);
        return;
      }
      if (ending) return;
      ending = true;
      // Failed before the end was asked for (nodemailer drains the stream of a refused envelope):
      // no record of an end that cannot go out, and none to race the failure's record.
      if (answered()) {
        this.destroy();
        return;
      }
      beforeEnd().then(
        () => this.push(null),
        (err: Error) => (answered() ? this.destroy() : this.destroy(err)),
      );
    },
  });
}

/** An SMTP refusal that another try will not change (a mailbox that does not exist). */
export const isPermanentSmtpError = (e: unknown): boolean => {
  const code = (e as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 550 && code <= 555;
};

/** nodemailer over SMTP, pooled: host, port, TLS mode and login from the worker's configuration. */
export class SmtpSender {
  private readonly transport: Transporter;

  constructor(c: Pick<MailWorkerConfig, 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_TLS' | 'SMTP_USER' | 'SMTP_PASSWORD' | 'SMTP_TLS_VERIFY' | 'SMTP_TIMEOUT_MS' | 'MAIL_CONCURRENCY'>) {
    // maxRequeues is read by nodemailer's pool (lib/smtp-pool) but missing from its type definitions.
    const options: SMTPPool.Options & { maxRequeues: number } = {
      host: c.SMTP_HOST,
      port: c.SMTP_PORT,
      secure: c.SMTP_TLS === 'tls',
      requireTLS: c.SMTP_TLS === 'starttls',
      ignoreTLS: c.SMTP_TLS === 'none',
      auth: c.SMTP_USER ? { user: c.SMTP_USER, pass: c.SMTP_PASSWORD ?? '' } : undefined,
      tls: { rejectUnauthorized: c.SMTP_TLS_VERIFY },
      pool: true,
      maxConnections: c.MAIL_CONCURRENCY,
      maxMessages: 100,
      // A connection closed mid-send fails the send instead of the pool sending it again on its own:
      // a message's retries go through the outbox, which records every try (docs/architecture.md#mail).
      maxRequeues: 0,
      connectionTimeout: c.SMTP_TIMEOUT_MS,
      greetingTimeout: c.SMTP_TIMEOUT_MS,
      socketTimeout: c.SMTP_TIMEOUT_MS,
    };
    this.transport = nodemailer.createTransport(options);
  }

  /**
   * Sends the MIME message; `beforeEnd` runs after its bytes went out and before its end did. A
   * failure is answered only once `beforeEnd` has settled: the caller records the failure with the
   * same hold, and a holder's writes go one at a time (two from one version, the end's record and
   * the failure's, would race for its take and one be refused).
   */
  async send(m: { envelope: { from: string; to: string[] }; raw: Buffer }, beforeEnd: () => Promise<void>): Promise<SmtpResult> {
    let ending: Promise<void> | undefined;
    let failed = false;
    const raw = heldEnd(m.raw, () => (ending = beforeEnd()), () => failed);
    try {
      const info = await this.transport.sendMail({ envelope: m.envelope, raw });
      return { response: String(info.response ?? '') };
    } catch (e) {
      failed = true;
      await ending?.catch(() => undefined);
      throw e;
    }
  }

  close(): void {
    this.transport.close();
  }
}
