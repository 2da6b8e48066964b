import { Readable } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailWorkerConfig } from './mail.config';

export interface SmtpResult {
  response: string;
}

/**
 * The message as a stream whose end waits for `beforeEnd`: SMTP takes a message only at the line
 * after its last byte (`.`), which nodemailer writes when this stream ends. So the outbox records
 * "the server may have it" after every other byte went out and before that line, and a worker
 * killed before the record never sent a message the server kept (docs/architecture.md#mail).
 */
function heldEnd(raw: Buffer, beforeEnd: () => Promise<void>): Readable {
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
      beforeEnd().then(
        () => this.push(null),
        (err: Error) => this.destroy(err),
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
    this.transport = nodemailer.createTransport({
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
      connectionTimeout: c.SMTP_TIMEOUT_MS,
      greetingTimeout: c.SMTP_TIMEOUT_MS,
      socketTimeout: c.SMTP_TIMEOUT_MS,
    });
  }

  /** Sends the MIME message; `beforeEnd` runs after its bytes went out and before its end did. */
  async send(m: { envelope: { from: string; to: string[] }; raw: Buffer }, beforeEnd: () => Promise<void>): Promise<SmtpResult> {
    const info = await this.transport.sendMail({ envelope: m.envelope, raw: heldEnd(m.raw, beforeEnd) });
    return { response: String(info.response ?? '') };
  }

  close(): void {
    this.transport.close();
  }
}
