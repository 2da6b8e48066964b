import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_MAIL_TEMPLATES, MAIL_EVENTS, MAIL_PLACEHOLDER_HELP, MAIL_SAMPLE_VALUES, mailAddressSchema, mailEnqueueSchema, mailPlaceholdersOf,
  mailSettingsUpdateSchema, renderMailTemplate, unknownPlaceholders,
} from '../src/index';

describe('email templates (docs/product.md#emails)', () => {
  test('every default uses only its event\'s placeholders, and each placeholder has its help and sample', () => {
    for (const e of MAIL_EVENTS) {
      expect([e, unknownPlaceholders(e, DEFAULT_MAIL_TEMPLATES[e])]).toEqual([e, []]);
      for (const p of mailPlaceholdersOf(e)) expect([p, !!MAIL_PLACEHOLDER_HELP[p], !!MAIL_SAMPLE_VALUES[p]]).toEqual([p, true, true]);
    }
  });

  test('docs/product.md states each default letter for letter', () => {
    const doc = readFileSync(path.join(__dirname, '../../../docs/product.md'), 'utf8');
    for (const e of MAIL_EVENTS) {
      expect(doc).toContain(`Subject: \`${DEFAULT_MAIL_TEMPLATES[e].subject}\``);
      expect(doc).toContain(`\`\`\`text\n${DEFAULT_MAIL_TEMPLATES[e].body}\n\`\`\``);
    }
  });

  test('renders values raw in the text part and escaped in the HTML part, links made clickable', () => {
    const r = renderMailTemplate({ subject: '{{title}}', body: 'Title: {{title}}\n\nSee {{statusLink}}.' }, { title: '<img src=x onerror=alert(1)> & "q"', statusLink: 'https://j.example/s/a?b=1&c=2' });
    expect(r.text).toBe('Title: <img src=x onerror=alert(1)> & "q"\n\nSee https://j.example/s/a?b=1&c=2.\n');
    expect(r.html).toContain('<p>Title: &lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;</p>');
    expect(r.html).toContain('See <a href="https://j.example/s/a?b=1&amp;c=2">https://j.example/s/a?b=1&amp;c=2</a>.');
    expect(r.html).not.toContain('<img');
    expect(r.subject).toBe('<img src=x onerror=alert(1)> & "q"');
  });

  test('a subject stays on one line whatever the values hold; missing values render empty', () => {
    const r = renderMailTemplate({ subject: 'About {{title}}', body: 'A{{message}}B' }, { title: 'x\r\nBcc: victim@example.org\n\tX-A: 1' });
    expect(r.subject).toBe('About x Bcc: victim@example.org X-A: 1');
    expect(r.text).toBe('AB\n');
  });

  test('finds the placeholders an event does not fill', () => {
    expect(unknownPlaceholders('withdrawn', { subject: '{{ fee }}', body: '{{articleLink}} {{authorName}} {{nope}}' })).toEqual(['fee', 'articleLink', 'nope']);
    expect(unknownPlaceholders('accepted_payment_due', { subject: '{{fee}}', body: '{{message}}' })).toEqual([]);
  });

  test('refuses line breaks and control characters in names, addresses, subjects and the sender', () => {
    expect(mailAddressSchema.safeParse({ name: 'A\r\nBcc: x@y.org', email: 'a@b.org' }).success).toBe(false);
    expect(mailAddressSchema.safeParse({ name: 'A', email: 'a@b.org\r\nBcc: x@y.org' }).success).toBe(false);
    expect(mailAddressSchema.safeParse({ name: 'Dr. Asha Rao, "PhD"', email: 'a@b.org' }).success).toBe(true);
    expect(mailSettingsUpdateSchema.safeParse({ fromName: 'Office\nBcc: x@y.org' }).success).toBe(false);
    expect(mailSettingsUpdateSchema.safeParse({ templates: { withdrawn: { subject: 'a\rb', body: 'x' } } }).success).toBe(false);
    expect(mailSettingsUpdateSchema.safeParse({ templates: { nope: { subject: 'a', body: 'x' } } }).success).toBe(false);
    const base = { journalId: 'j', event: 'withdrawn', submissionId: 's', to: { email: 'a@b.org' } };
    expect(mailEnqueueSchema.safeParse(base).success).toBe(true);
    expect(mailEnqueueSchema.safeParse({ ...base, attachments: [{ filename: 'a\r\n.pdf', source: { kind: 'url', url: 'https://x.org/a.pdf' } }] }).success).toBe(false);
    expect(mailEnqueueSchema.safeParse({ ...base, attachments: [{ filename: '../a.pdf', source: { kind: 'url', url: 'https://x.org/a.pdf' } }] }).success).toBe(false);
    expect(mailEnqueueSchema.safeParse({ ...base, attachments: [{ filename: 'a.pdf', source: { kind: 'url', url: 'javascript:alert(1)' } }] }).success).toBe(false);
  });
});
