import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { encodePng } from '../../../content/src/seed/images';

/**
 * A small real HTTP server shaped like the content service's public API (field names of
 * docs/product.md#entities), scoped by the x-journal-id header as the real one is. Tests mutate `journals` to edit.
 */
export interface FixtureJournal {
  settings: Record<string, unknown>;
  editors: Record<string, unknown>[];
  articles: Record<string, unknown>[];
  logo?: Buffer;
  /** Submitted reviews, as content's certificate reads answer them (docs/product.md#reviewer-certificates). */
  reviews?: Record<string, unknown>[];
  /** Content refuses the journal's staff reads (as it would a caller of another role). */
  refuseStaff?: boolean;
}

export interface ContentFixture {
  url: string;
  journals: Map<string, FixtureJournal>;
  /** Requests seen, by path (for asserting the headers the pdf API sends). */
  seen: { path: string; journalId?: string; requestId?: string }[];
  close(): Promise<void>;
}

/** A 96x96 PNG: a navy disc with a gold ring, enough to see the logo in a rendered page. */
export function makeLogoPng(): Buffer {
  const px = new Uint8Array(96 * 96 * 4);
  for (let y = 0; y < 96; y++) {
    for (let x = 0; x < 96; x++) {
      const d = Math.hypot(x - 48, y - 48);
      px.set(d < 34 ? [27, 42, 74, 255] : d < 44 ? [176, 141, 60, 255] : [0, 0, 0, 0], (y * 96 + x) * 4);
    }
  }
  return encodePng(96, 96, 4, px);
}

export function demoSettings(name: string, extra: Record<string, unknown> = {}) {
  return {
    websitename: name.split(' ').map((w) => w[0]).join('').toUpperCase(),
    domain: 'www.example-journal.org',
    formatted_journal_name: `<b>${name}</b>`,
    websiteemail: 'editor@example-journal.org',
    whatsup_number: '+910000000000',
    year_started: '2015',
    journal_frequency: 'Monthly',
    journal_type: 'Online',
    journal_language: 'English',
    journal_essn: '2394-5869',
    issn: '2394-7500',
    nassScore: '5.2',
    nassScoreYear: '2024',
    impactfactor: 'Impact Factor: RJIF 8.4',
    fee_rupee: '2000',
    fee_dollar: '50',
    google_review_link: '',
    home_content: '',
    doi_prefix: '',
    doi_suffix_pattern: '',
    license: '',
    flags: { showEditorContacts: true },
    asset_urls: {},
    ...extra,
  };
}

let nextId = 1;
export function article(ref: number, authors: string, extra: Record<string, unknown> = {}) {
  return {
    id: String(nextId++).padStart(24, '0'),
    year: '2026',
    volume: '12',
    issue: '3',
    frequency: 'march',
    refnumber: String(ref),
    title: `A study of &lt;i&gt;Bacillus subtilis&lt;/i&gt; growth under saline stress, ref ${ref}`,
    authorname: authors,
    abstract: 'An abstract.',
    keywords: 'soil, bacteria',
    pagenumber: `${ref % 1000}-${(ref % 1000) + 5}`,
    subject: 'Microbiology',
    country: 'India',
    publishdate: '2026-03-12',
    file: `${ref}.pdf`,
    doi: '',
    status: 'enabled',
    ...extra,
  };
}

export function editor(name: string, category: string, extra: Record<string, unknown> = {}) {
  return {
    id: String(nextId++).padStart(24, 'e').replace(/[^0-9a-f]/g, 'e'),
    name,
    category,
    post: 'Professor',
    content: 'Department of Botany, University of Delhi',
    degree: 'Ph.D.',
    email: `${name.split(' ').pop()!.toLowerCase()}@example.org`,
    phone: '+91 11 0000 0000',
    country: 'India',
    editor_website: '',
    picture: 'avatar.png',
    status: 'enabled',
    is_pinned: 0,
    ...extra,
  };
}

export async function startContentFixture(): Promise<ContentFixture> {
  const journals = new Map<string, FixtureJournal>();
  const seen: ContentFixture['seen'] = [];
  const app = express();
  app.use((req, res, next) => {
    seen.push({ path: req.path, journalId: req.header('x-journal-id'), requestId: req.header('x-request-id') });
    const j = journals.get(req.header('x-journal-id') ?? '');
    if (!j) {
      res.status(404).json({ error: 'unknown_journal', message: 'No journal' });
      return;
    }
    res.locals.j = j;
    next();
  });
  const J = (res: express.Response) => res.locals.j as FixtureJournal;
  app.get('/api/settings/', (_req, res) => {
    res.json(J(res).settings);
  });
  app.get('/api/editors/', (_req, res) => {
    res.json(J(res).editors.filter((e) => e.status === 'enabled'));
  });
  app.get('/api/editors/:id', (req, res) => {
    const e = J(res).editors.find((x) => x.id === req.params.id && x.status === 'enabled');
    if (!e) res.status(404).json({ error: 'not_found', message: 'Editor not found' });
    else res.json(e);
  });
  app.get('/api/archives/ref/:ref', (req, res) => {
    const a = J(res).articles.find((x) => x.refnumber === req.params.ref && x.status === 'enabled');
    if (!a) res.status(404).json({ error: 'not_found', message: 'Article not found!' });
    else res.json(a);
  });
  app.post('/internal/articles/by-refs', express.json(), (req, res) => {
    const refs = [...new Set((req.body as { refs: string[] }).refs)];
    const found = refs.map((r) => J(res).articles.find((x) => x.refnumber === r && x.status === 'enabled'));
    res.json({ articles: found.filter(Boolean), missing: refs.filter((_, i) => !found[i]) });
  });
  // The staff reads: what staff selected, any status (docs/product.md#bulk-documents).
  app.post('/internal/staff/articles/by-refs', express.json(), (req, res) => {
    const refs = [...new Set((req.body as { refs: string[] }).refs)];
    const found = refs.map((r) => J(res).articles.find((x) => x.refnumber === r));
    res.json({ articles: found.filter(Boolean), missing: refs.filter((_, i) => !found[i]) });
  });
  app.post('/internal/staff/editors/by-ids', express.json(), (req, res) => {
    const ids = [...new Set((req.body as { ids: string[] }).ids)];
    const found = ids.map((id) => J(res).editors.find((x) => x.id === id));
    res.json({ editors: found.filter(Boolean), missing: ids.filter((_, i) => !found[i]) });
  });
  app.get('/internal/reviews/:id/certificate', (req, res) => {
    const r = J(res).reviews?.find((x) => x.reviewId === req.params.id);
    if (!r) res.status(404).json({ error: 'not_found', message: 'No such review' });
    else res.json(r);
  });
  // The staff read is made with the caller's token, which content checks again.
  app.get('/api/admin/reviews/certificates', (req, res) => {
    if (!(req.header('authorization') ?? '').startsWith('Bearer ')) res.status(401).json({ error: 'unauthorized', message: 'Sign in' });
    else if (J(res).refuseStaff) res.status(403).json({ error: 'role_forbidden', message: 'Your role may not do this' });
    else res.json({ items: (J(res).reviews ?? []).filter((r) => String(r.submittedAt).startsWith(String(req.query.year))), withheld: 0 });
  });
  app.get('/assets/site/logo.png', (_req, res) => {
    const logo = J(res).logo;
    if (!logo) res.status(404).json({ error: 'not_found', message: 'No logo' });
    else res.type('image/png').send(logo);
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    journals,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
