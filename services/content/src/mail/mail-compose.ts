import MailComposer from 'nodemailer/lib/mail-composer';
import { DEFAULT_MAIL_TEMPLATES, hasControlChars, oneLine, renderMailTemplate, type MailAddress } from '@journal/contracts';
import { publicOriginOf, type PublicOriginConfig } from '@journal/server-kit';
import type { Journal } from '../journals/journal.repo';
import type { StoredMailSettings } from './mail-settings.repo';
import type { MailRecord } from './mail.repo';
import type { LoadedAttachments } from './mail-attachments';

/** The values every template may use that come from the journal itself (taken when a message is enqueued). */
export function journalVars(j: Journal, origin: PublicOriginConfig): Record<string, string> {
  const host = j.hosts[0];
  return {
    journalName: j.websitename || j.slug,
    journalEmail: j.websiteemail || '',
    journalUrl: host ? `${publicOriginOf(host, origin)}/` : '',
  };
}

/** `<mail-ID@host>`: one per record, the same on every try (docs/architecture.md#mail). */
export const messageIdFor = (id: string, host: string | undefined) => `<mail-${id}@${(host || 'journal.invalid').replace(/[^A-Za-z0-9.-]/g, '')}>`;

// Names reach a header only through nodemailer's address objects; a stored one is checked again.
const safeName = (s: string) => (hasControlChars(s) ? oneLine(s) : s.trim());
const asAddress = (a: MailAddress) => ({ name: safeName(a.name), address: a.email });

export interface ComposedMail {
  subject: string;
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

/** The whole MIME message of a record: the journal's template rendered, its files attached or linked. */
export async function composeMail(
  r: MailRecord,
  ctx: { settings: StoredMailSettings; files: LoadedAttachments; defaultFrom: string },
): Promise<ComposedMail> {
  const template = ctx.settings.templates[r.event] ?? DEFAULT_MAIL_TEMPLATES[r.event];
  const linkLines = [...r.links.map((l) => `${l.label}: ${l.url}`), ...ctx.files.linkLines];
  const rendered = renderMailTemplate(template, { authorName: r.to.name, ...r.vars }, linkLines.join('\n'));
  // The journal's own sender, else its public address, else the deployment's.
  const fromAddress = ctx.settings.fromAddress || r.vars.journalEmail || ctx.defaultFrom;
  const from = { name: safeName(ctx.settings.fromName || r.vars.journalName || ''), address: fromAddress };
  const composer = new MailComposer({
    from,
    to: [asAddress(r.to)],
    cc: r.cc.map(asAddress),
    replyTo: ctx.settings.replyTo || undefined,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId: r.messageId,
    date: new Date(),
    headers: { 'X-Journal-Event': r.event },
    attachments: ctx.files.files.map((f) => ({ filename: f.filename, content: f.content, contentType: f.contentType })),
  });
  const raw = await composer.compile().build();
  return { subject: rendered.subject, envelope: { from: fromAddress, to: [r.to.email, ...r.cc.map((c) => c.email)] }, raw };
}
