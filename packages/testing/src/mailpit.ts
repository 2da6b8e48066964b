/**
 * The local SMTP server and mailbox of the tests (Mailpit, started by scripts/provision.sh
 * servers): its SMTP address, and its HTTP API to read what was sent (/api/v1/...).
 */
export function testMailServer(): { smtpUrl: string; mailpitUrl: string; smtpHost: string; smtpPort: number } {
  const smtpUrl = process.env.SMTP_URL;
  const mailpitUrl = process.env.MAILPIT_URL;
  if (!smtpUrl || !mailpitUrl) throw new Error('SMTP_URL and MAILPIT_URL must be set (the jest global setup starts Mailpit)');
  const u = new URL(smtpUrl);
  return { smtpUrl, mailpitUrl, smtpHost: u.hostname, smtpPort: Number(u.port || 25) };
}

export interface MailpitAddress {
  Name: string;
  Address: string;
}

/** A message as Mailpit's list and search answer it. */
export interface MailpitSummary {
  ID: string;
  MessageID: string;
  From: MailpitAddress;
  To: MailpitAddress[];
  Cc: MailpitAddress[] | null;
  Subject: string;
  Attachments: number;
  Size: number;
}

export interface MailpitMessage extends Omit<MailpitSummary, 'Attachments'> {
  Text: string;
  HTML: string;
  ReplyTo: MailpitAddress[];
  Attachments: { PartID: string; FileName: string; ContentType: string; Size: number }[];
}

async function api<T>(base: string, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`Mailpit ${init?.method ?? 'GET'} ${path}: ${res.status}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Mailpit's HTTP API. */
export class Mailpit {
  constructor(readonly base: string = testMailServer().mailpitUrl) {}

  /** Messages matching a Mailpit search (e.g. `to:someone@example.org`, `subject:"..."`), newest first; every page read. */
  async search(query: string): Promise<MailpitSummary[]> {
    const out: MailpitSummary[] = [];
    for (let start = 0; ; start += 250) {
      const page = await api<{ messages: MailpitSummary[]; messages_count: number }>(
        this.base,
        `/api/v1/search?query=${encodeURIComponent(query)}&start=${start}&limit=250`,
      );
      out.push(...page.messages);
      if (page.messages.length < 250 || out.length >= page.messages_count) return out;
    }
  }

  /** The whole message: its text and HTML parts, attachments and Reply-To. */
  message(id: string): Promise<MailpitMessage> {
    return api(this.base, `/api/v1/message/${id}`);
  }

  /** The message's source as the SMTP server received it (headers included). */
  async raw(id: string): Promise<string> {
    const res = await fetch(`${this.base}/api/v1/message/${id}/raw`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`Mailpit raw ${id}: ${res.status}`);
    return res.text();
  }

  async attachment(id: string, partId: string): Promise<Buffer> {
    const res = await fetch(`${this.base}/api/v1/message/${id}/part/${partId}`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`Mailpit part ${id}/${partId}: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  /** Deletes the messages matching a search (leaves everything else, other suites' messages too). */
  async deleteSearch(query: string): Promise<void> {
    await api(this.base, `/api/v1/search?query=${encodeURIComponent(query)}`, { method: 'DELETE' });
  }
}
