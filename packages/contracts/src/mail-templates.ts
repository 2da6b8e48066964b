import { escapeHtml } from './escape-html.js';
import { mailPlaceholdersOf, type MailEvent, type MailTemplate } from './mail.schemas.js';

/** The default template of each event (docs/product.md#emails lists the same texts). */
export const DEFAULT_MAIL_TEMPLATES: Record<MailEvent, MailTemplate> = {
  submission_received: {
    subject: '{{journalName}}: submission {{submissionNumber}} received',
    body: `Dear {{authorName}},

Thank you for submitting your manuscript "{{title}}" to {{journalName}}. Its submission number is {{submissionNumber}}.

You can follow its review at any time through your private status link:
{{statusLink}}

Keep this link to yourself: anyone who has it can see the submission.

With regards,
The editorial office, {{journalName}}
{{journalEmail}}`,
  },
  status_link_resent: {
    subject: '{{journalName}}: your status link for {{submissionNumber}}',
    body: `Dear {{authorName}},

As asked, here is the private status link of your submission {{submissionNumber}} ("{{title}}"):
{{statusLink}}

If you did not ask for it, you can ignore this email.

With regards,
The editorial office, {{journalName}}`,
  },
  revision_requested: {
    subject: '{{journalName}}: revision requested for {{submissionNumber}}',
    body: `Dear {{authorName}},

The editors have reviewed your manuscript "{{title}}" ({{submissionNumber}}) and ask for a revision:

{{message}}

Please upload the revised manuscript from your status link:
{{statusLink}}

With regards,
The editorial office, {{journalName}}`,
  },
  accepted_payment_due: {
    subject: '{{journalName}}: {{submissionNumber}} accepted for publication',
    body: `Dear {{authorName}},

We are pleased to tell you that your manuscript "{{title}}" ({{submissionNumber}}) has been accepted for publication in {{journalName}}.

{{message}}

The publication fee is {{fee}}. Once you have paid it, upload the payment receipt and the transaction id from your status link:
{{statusLink}}

With regards,
The editorial office, {{journalName}}`,
  },
  payment_confirmed: {
    subject: '{{journalName}}: payment received for {{submissionNumber}}',
    body: `Dear {{authorName}},

We have received your payment for "{{title}}" ({{submissionNumber}}). Your article will now be published; you will receive its documents by email as soon as it is online.

Status link: {{statusLink}}

With regards,
The editorial office, {{journalName}}`,
  },
  rejected: {
    subject: '{{journalName}}: decision on {{submissionNumber}}',
    body: `Dear {{authorName}},

Thank you for submitting "{{title}}" ({{submissionNumber}}) to {{journalName}}. After review, the editors have decided not to accept it for publication.

{{message}}

We hope you will consider {{journalName}} for your future work.

With regards,
The editorial office, {{journalName}}`,
  },
  withdrawn: {
    subject: '{{journalName}}: {{submissionNumber}} withdrawn',
    body: `Dear {{authorName}},

Your submission "{{title}}" ({{submissionNumber}}) has been withdrawn, as you asked. No further action will be taken on it.

With regards,
The editorial office, {{journalName}}`,
  },
  published_delivery: {
    subject: '{{journalName}}: your article is published ({{submissionNumber}})',
    body: `Dear {{authorName}},

Your article "{{title}}" is published in {{journalName}}, {{issueName}}.

Abstract page: {{articleLink}}
Article PDF: {{pdfLink}}

Attached are the article PDF, your publication certificate, the cover page and the editorial board of the issue.

Thank you for publishing with us.

With regards,
The editorial office, {{journalName}}`,
  },
  review_invitation: {
    subject: '{{journalName}}: invitation to review {{submissionNumber}}',
    body: `Dear {{authorName}},

The editors of {{journalName}} invite you to review the manuscript "{{title}}" ({{submissionNumber}}). The review is due by {{dueDate}}.

{{message}}

Please accept or decline through your private review link (no account or password is needed):
{{reviewLink}}

Once you accept, the same page lets you download the manuscript and fill in the review form. Keep this link to yourself: it opens this review only.

With regards,
The editorial office, {{journalName}}
{{journalEmail}}`,
  },
  review_reminder: {
    subject: '{{journalName}}: your review of {{submissionNumber}} is due on {{dueDate}}',
    body: `Dear {{authorName}},

This is a friendly reminder that your review of "{{title}}" ({{submissionNumber}}) is due on {{dueDate}}.

Your private review link:
{{reviewLink}}

If you cannot complete it in time, please write to us at {{journalEmail}}.

With regards,
The editorial office, {{journalName}}`,
  },
  review_overdue: {
    subject: '{{journalName}}: your review of {{submissionNumber}} is overdue',
    body: `Dear {{authorName}},

Your review of "{{title}}" ({{submissionNumber}}) was due on {{dueDate}}. We would be grateful to receive it soon, or to hear from you at {{journalEmail}} if you cannot complete it.

Your private review link:
{{reviewLink}}

With regards,
The editorial office, {{journalName}}`,
  },
  review_cancelled: {
    subject: '{{journalName}}: review of {{submissionNumber}} no longer needed',
    body: `Dear {{authorName}},

The editors have withdrawn the invitation to review "{{title}}" ({{submissionNumber}}). No further action is needed from you, and your review link no longer opens the manuscript.

{{message}}

Thank you for your help.

With regards,
The editorial office, {{journalName}}`,
  },
  reviewer_certificate: {
    subject: '{{journalName}}: thank you for reviewing {{submissionNumber}}',
    body: `Dear {{authorName}},

Thank you for your review of manuscript {{submissionNumber}}, received on {{reviewDate}}. Attached is your certificate of reviewing.

With regards,
The editorial office, {{journalName}}`,
  },
};

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** Placeholders a template uses that its event does not fill (the settings refuse such a template). */
export function unknownPlaceholders(event: MailEvent, t: MailTemplate): string[] {
  const known = new Set<string>(mailPlaceholdersOf(event));
  const found = new Set<string>();
  for (const m of `${t.subject}\n${t.body}`.matchAll(PLACEHOLDER)) if (!known.has(m[1]!)) found.add(m[1]!);
  return [...found];
}

/** The refusal of a template using placeholders its event does not fill (the form and the server say the same). */
export const unknownPlaceholderMessage = (event: MailEvent, unknown: string[]) =>
  `Unknown placeholder${unknown.length > 1 ? 's' : ''} in the ${event} template: ${unknown.map((u) => `{{${u}}}`).join(', ')}`;

const fill = (template: string, value: (name: string) => string) => template.replace(PLACEHOLDER, (_m, name: string) => value(name));

/** One line: whatever a value holds, a subject or a name never breaks into a second header. */
// eslint-disable-next-line no-control-regex
export const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();

const URL_RE = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** Escaped text with its http(s) addresses as links, lines kept, paragraphs at blank lines. */
function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((para) => {
      const lines = para.split('\n').map((line) => {
        let out = '';
        let last = 0;
        for (const m of line.matchAll(URL_RE)) {
          out += escapeHtml(line.slice(last, m.index)) + `<a href="${escapeHtml(m[0])}">${escapeHtml(m[0])}</a>`;
          last = m.index! + m[0].length;
        }
        return out + escapeHtml(line.slice(last));
      });
      return `<p>${lines.join('<br>\n')}</p>`;
    })
    .join('\n');
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * A template filled with `vars`: the subject on one line, the plain-text body, and the HTML part
 * made from that text, every value escaped there (a value can never add markup or a header).
 * Missing values render empty; `extraText` (the links block) is appended to both bodies.
 */
export function renderMailTemplate(t: MailTemplate, vars: Record<string, string | undefined>, extraText = ''): RenderedMail {
  const value = (name: string) => String(vars[name] ?? '');
  const text = `${fill(t.body, value).replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n').trim()}${extraText ? `\n\n${extraText}` : ''}\n`;
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">\n${textToHtml(text.trim())}\n</body></html>\n`;
  return { subject: oneLine(fill(t.subject, (n) => oneLine(value(n)))), text, html };
}
