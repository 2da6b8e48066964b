/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen, within } from '@testing-library/react';
import { DEFAULT_MAIL_TEMPLATES, MAIL_EVENTS, type MailEvent } from '@journal/contracts';
import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { EmailSettings } from './email-settings';

// docs/product.md#emails: a real server keeps the settings; `refusing` refuses every save.
let refusing = false;
const saved: unknown[] = [];
let stored = { fromName: '', fromAddress: '', replyTo: '', templates: { ...DEFAULT_MAIL_TEMPLATES } as Record<MailEvent, { subject: string; body: string }>, customised: [] as MailEvent[] };
const server = useJsonServer([
  ['/api/admin/mail-settings', (req) => {
    if (req.method === 'GET') return json(stored);
    if (refusing) return problem(400, 'validation_error', 'fromAddress: Enter a valid email');
    const body = JSON.parse(req.body) as { templates?: Record<MailEvent, { subject: string; body: string } | null> };
    saved.push(body);
    const templates = { ...stored.templates };
    let customised = [...stored.customised];
    for (const [e, t] of Object.entries(body.templates ?? {}) as [MailEvent, { subject: string; body: string } | null][]) {
      templates[e] = t ?? DEFAULT_MAIL_TEMPLATES[e];
      customised = t ? [...new Set([...customised, e])] : customised.filter((x) => x !== e);
    }
    stored = { ...stored, ...body, templates, customised };
    return json(stored);
  }],
]);
beforeEach(() => {
  refusing = false;
  saved.length = 0;
  stored = { ...stored, fromName: '', fromAddress: '', replyTo: '', templates: { ...DEFAULT_MAIL_TEMPLATES }, customised: [] };
});

const show = () => renderAdmin(<EmailSettings />, { base: server.base });

describe('Settings → Emails', () => {
  test('loading, then the sender and the first event with its default template', async () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(((await screen.findByLabelText('Subject')) as HTMLInputElement).value).toBe(DEFAULT_MAIL_TEMPLATES.submission_received.subject);
    expect((screen.getByLabelText('Body') as HTMLTextAreaElement).value).toBe(DEFAULT_MAIL_TEMPLATES.submission_received.body);
    expect(within(screen.getByLabelText('Event')).getAllByRole('option')).toHaveLength(MAIL_EVENTS.length);
    expect((screen.getByLabelText('From name') as HTMLInputElement).value).toBe('');
  });

  test('previews with sample values, escaped, before anything is saved', async () => {
    const { user } = show();
    const subject = await screen.findByLabelText('Subject');
    await user.clear(subject);
    await user.click(subject);
    await user.paste('<b>{{submissionNumber}}</b> received');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByLabelText('Preview');
    expect(preview.textContent).toContain('Subject: <b>IJAR-2026-00042</b> received');
    expect(preview.querySelector('pre')!.textContent).toContain('Dear Asha Verma,');
    const html = preview.querySelector('iframe')!.getAttribute('srcdoc')!;
    expect(html).toContain('https://journal.example.org/submission/status/3fJ9kQ2x</a>');
    expect(preview.querySelector('iframe')!.getAttribute('sandbox')).toBe('');
    expect(saved).toEqual([]);
  });

  test('refuses a placeholder the event does not fill without sending it; saves a good one and offers the default back', async () => {
    const { user } = show();
    await user.selectOptions(await screen.findByLabelText('Event'), 'withdrawn');
    const body = screen.getByLabelText('Body');
    await user.clear(body);
    await user.click(body);
    await user.paste('Dear {{authorName}}, the fee {{fee}} is void.');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(screen.getByRole('alert').textContent).toBe('Unknown placeholder in the withdrawn template: {{fee}}');
    expect(saved).toEqual([]);
    await user.clear(body);
    await user.click(body);
    await user.paste('Dear {{authorName}}, withdrawn as asked.');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect((await screen.findByText('Template saved')).getAttribute('role')).toBe('status');
    expect(saved).toEqual([{ templates: { withdrawn: { subject: DEFAULT_MAIL_TEMPLATES.withdrawn.subject, body: 'Dear {{authorName}}, withdrawn as asked.' } } }]);
    await user.click(await screen.findByRole('button', { name: 'Restore the default' }));
    await screen.findByText('The default text');
    expect(saved[1]).toEqual({ templates: { withdrawn: null } });
    expect((screen.getByLabelText('Body') as HTMLTextAreaElement).value).toBe(DEFAULT_MAIL_TEMPLATES.withdrawn.body);
  });

  test("saves the sender and shows the server's refusal", async () => {
    const { user } = show();
    const name = await screen.findByLabelText('From name');
    await user.click(name);
    await user.paste('Editorial office');
    await user.click(screen.getByRole('button', { name: 'Save sender' }));
    expect((await screen.findByText('Sender saved')).getAttribute('role')).toBe('status');
    expect(saved).toEqual([{ fromName: 'Editorial office', fromAddress: '', replyTo: '' }]);
    refusing = true;
    await user.click(screen.getByRole('button', { name: 'Save sender' }));
    expect((await screen.findByRole('alert')).textContent).toBe('fromAddress: Enter a valid email');
  });
});
