/** The admin's settings (every field, strict), site images and indexing partners, on the real database. */
import request from 'supertest';
import { newObjectId, staffHeaders, staffToken } from '@journal/testing';
import { makeJournal, startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;
let J1: string;
let J2: string;
let T1: string;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const BIG = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);

const tok = (jid: string) => staffToken(jid, 'office');
const as = staffHeaders;
const pub = (jid: string, path: string) => request(app.url).get(path).set({ 'x-journal-id': jid });

async function state(jid: string) {
  const [journal, indexing, files] = await Promise.all([app.repos.journals.findById(jid), app.repos.indexing.list(jid), app.files.list(jid)]);
  const sums = await Promise.all(files.map(async (p) => `${p}:${(await app.files.stat(jid, p))?.etag}`));
  return JSON.stringify({ journal, indexing, sums });
}

beforeAll(async () => {
  app = await startContent();
  J1 = await makeJournal(app, 'site1');
  J2 = await makeJournal(app, 'site2');
  T1 = tok(J1);
});
afterAll(() => stopContent(app));

const ALL = {
  websitename: 'Journal of Soil Science',
  formatted_journal_name: 'Journal of <i>Soil</i> Science<script>x()</script>',
  websiteemail: 'editor@soil.example',
  domain: 'soil.example',
  issn: '2345-6789',
  journal_essn: '2345-6790',
  impactfactor: 'Impact Factor: 6.1',
  nassScore: '5.21',
  nassScoreYear: '2025',
  year_started: '2019',
  journal_frequency: 'Bi-monthly',
  journal_type: 'Print and Online',
  journal_language: 'English and Hindi',
  address: '12 Lake Road, Pune, India',
  fee_rupee: '2500',
  fee_dollar: '65',
  whatsup_number: '+911234567890',
  google_review_link: 'https://g.page/r/soil/review',
  home_content: '<p>Welcome <b>readers</b><img src=x onerror=alert(1)></p>',
  flags: { showSubject: true, hideOwnerNotice: true, showEditorContacts: true, showJournalList: true, showNaas: true, banner: 'header', journalListLink: 'https://list.example', ownerNotice: 'Owned by X', ownerLink: 'https://x.example' },
};

describe('settings', () => {
  it('edits every field the public site shows, sanitising rich text, for this journal only', async () => {
    const other = await state(J2);
    const r = await request(app.url).post('/api/settings').set(as(J1, T1)).send(ALL);
    expect(r.status).toBe(200);
    const s = (await pub(J1, '/api/settings/').expect(200)).body;
    const { flags, formatted_journal_name, home_content, ...plain } = ALL;
    expect(s).toMatchObject({ ...plain, flags });
    expect(s.formatted_journal_name).toBe('Journal of <i>Soil</i> Science');
    expect(s.home_content).toContain('<b>readers</b>');
    expect(s.home_content).not.toMatch(/onerror|script/);
    void formatted_journal_name;
    void home_content;
    expect(await state(J2)).toBe(other);
    // Who changed it is kept, and not shown publicly.
    expect((await app.repos.journals.findById(J1))?.modifiedby).toBe('office');
    expect(s).not.toHaveProperty('modifiedby');
  });

  it('keeps fields that are not sent', async () => {
    await request(app.url).post('/api/settings').set(as(J1, T1)).send({ fee_dollar: '70', flags: { banner: 'naas' } }).expect(200);
    const s = (await pub(J1, '/api/settings/').expect(200)).body;
    expect(s).toMatchObject({ fee_dollar: '70', fee_rupee: '2500', address: ALL.address, flags: { banner: 'naas', showSubject: true } });
  });

  it.each([
    ['an unknown key', { hosts: ['evil.test'] }],
    ['an unknown flag', { flags: { admin: true } }],
    ['an operator object', { websitename: { $ne: '' } }],
    ['an operator in a flag', { flags: { banner: { $gt: '' } } }],
    ['a bad email', { websiteemail: 'nope' }],
    ['a javascript: review link', { google_review_link: 'javascript:alert(1)' }],
    ['letters in a fee', { fee_rupee: 'free' }],
    ['a bad year', { year_started: '19' }],
    ['an empty name', { websitename: '' }],
    ['a bad WhatsApp number', { whatsup_number: 'call me' }],
    ['an array body', [{ websitename: 'x' }]],
  ])('refuses %s with 400 and changes nothing', async (_name, body) => {
    const before = await state(J1);
    const r = await request(app.url).post('/api/settings').set(as(J1, T1)).send(body as object);
    expect(r.status).toBe(400);
    expect(typeof r.body.message).toBe('string');
    expect(await state(J1)).toBe(before);
  });
});

describe('site images', () => {
  it.each(['logo', 'header', 'cover', 'chat'])('uploads the %s, served at its public path for this journal only', async (kind) => {
    const r = await request(app.url).post(`/api/settings/images/${kind}`).set(as(J1, T1)).attach('image', JPEG, { filename: `${kind}.jpg`, contentType: 'image/jpeg' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kind, url: `/assets/site/${kind}.png`, contentType: 'image/jpeg' });
    const got = await pub(J1, `/assets/site/${kind}.png`).expect(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(got.body as Buffer, JPEG)).toBe(0);
    await pub(J2, `/assets/site/${kind}.png`).expect(404);
  });

  it('clears a hand-set cover path when a cover is uploaded', async () => {
    await request(app.url).post('/api/settings').set(as(J1, T1)).send({ flags: { coverImage: 'old-cover.png' } }).expect(200);
    await request(app.url).post('/api/settings/images/cover').set(as(J1, T1)).attach('image', PNG, { filename: 'c.png' }).expect(200);
    expect((await pub(J1, '/api/settings/')).body.flags.coverImage).toBe('');
  });

  it.each([
    ['SVG with script', SVG, 'x.svg', 400],
    ['HTML named .png', HTML, 'x.png', 400],
    ['a 10 MB image', BIG, 'big.png', 413],
  ])('refuses %s and keeps the old image', async (_name, buf, filename, status) => {
    const before = await state(J1);
    const r = await request(app.url).post('/api/settings/images/logo').set(as(J1, T1)).attach('image', buf, { filename });
    expect(r.status).toBe(status);
    expect(await state(J1)).toBe(before);
  });

  it('refuses an unknown kind, a missing file and no token', async () => {
    await request(app.url).post('/api/settings/images/favicon').set(as(J1, T1)).attach('image', PNG, { filename: 'f.png' }).expect(404);
    expect((await request(app.url).post('/api/settings/images/logo').set(as(J1, T1)).field('x', '1')).body.error).toBe('file_required');
    await request(app.url).post('/api/settings/images/logo').set({ 'x-journal-id': J1 }).attach('image', PNG, { filename: 'f.png' }).expect(401);
  });
});

describe('indexing partners', () => {
  const add = (title: string, link = 'https://index.example') =>
    request(app.url).post('/api/admin/indexing').set(as(J1, T1)).field('title', title).field('link', link).attach('imgFile', PNG, { filename: 'logo.png' });

  it('adds, edits, reorders and removes, and the public list follows', async () => {
    const a = (await add('Scopus').expect(201)).body;
    const b = (await add('Web of Science').expect(201)).body;
    const c = (await add('Google Scholar').expect(201)).body;
    expect([a.sortnumber, b.sortnumber, c.sortnumber]).toEqual([1, 2, 3]);
    expect(a).toMatchObject({ createdby: 'office', modifiedby: 'office' });
    await pub(J1, `/assets/indexing/${a.image}`).expect(200);

    const edited = await request(app.url).post(`/api/admin/indexing/${b.id}`).set(as(J1, T1)).field('title', 'WoS').attach('imgFile', JPEG, { filename: 'w.jpg' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'WoS', link: 'https://index.example' });
    expect(edited.body.image).not.toBe(b.image);
    await pub(J1, `/assets/indexing/${b.image}`).expect(404);

    const order = await request(app.url).post('/api/admin/indexing/reorder').set(as(J1, T1)).send({ ids: [c.id, a.id, b.id] });
    expect(order.status).toBe(200);
    const publicList = (await pub(J1, '/api/indexing/').expect(200)).body as { title: string }[];
    expect(publicList[0]).not.toHaveProperty('createdby');
    expect(publicList.map((i) => i.title)).toEqual(['Google Scholar', 'Scopus', 'WoS']);

    await request(app.url).delete(`/api/admin/indexing/${a.id}`).set(as(J1, T1)).expect(200);
    expect(((await pub(J1, '/api/indexing/')).body as { title: string }[]).map((i) => i.title)).toEqual(['Google Scholar', 'WoS']);
    await request(app.url).delete(`/api/admin/indexing/${a.id}`).set(as(J1, T1)).expect(404);
    expect((await pub(J2, '/api/indexing/')).body).toEqual([]);
  });

  it.each([
    ['no title', () => request(app.url).post('/api/admin/indexing').set(as(J1, T1)).attach('imgFile', PNG, { filename: 'l.png' }), 400],
    ['no logo', () => request(app.url).post('/api/admin/indexing').set(as(J1, T1)).field('title', 'X'), 400],
    ['an SVG logo', () => request(app.url).post('/api/admin/indexing').set(as(J1, T1)).field('title', 'X').attach('imgFile', SVG, { filename: 'l.svg' }), 400],
    ['a javascript: link', () => request(app.url).post('/api/admin/indexing').set(as(J1, T1)).field('title', 'X').field('link', 'javascript:alert(1)').attach('imgFile', PNG, { filename: 'l.png' }), 400],
    ['an unknown field', () => request(app.url).post('/api/admin/indexing').set(as(J1, T1)).field('title', 'X').field('journalId', J2).attach('imgFile', PNG, { filename: 'l.png' }), 400],
    ['a partial order', () => request(app.url).post('/api/admin/indexing/reorder').set(as(J1, T1)).send({ ids: [newObjectId()] }), 400],
    ['an operator order', () => request(app.url).post('/api/admin/indexing/reorder').set(as(J1, T1)).send({ ids: { $ne: null } }), 400],
  ])('refuses %s and changes nothing', async (_name, send, status) => {
    const before = await state(J1);
    expect((await send()).status).toBe(status);
    expect(await state(J1)).toBe(before);
  });

  it('keeps another journal\'s partners out of reach', async () => {
    const T2 = tok(J2);
    const mine = (await add('Mine').expect(201)).body;
    await request(app.url).post(`/api/admin/indexing/${mine.id}`).set(as(J2, T2)).field('title', 'Stolen').expect(404);
    await request(app.url).delete(`/api/admin/indexing/${mine.id}`).set(as(J2, T2)).expect(404);
  });
});

describe('the journal domain setting', () => {
  it.each([
    ['a port', 'soil.example:8080', /has a port/],
    ['a wildcard', '*.soil.example', /wildcard/],
    ['a scheme', 'https://soil.example', /without scheme or path/],
    ['a path', 'soil.example/journal', /without scheme or path/],
    ['a trailing dot', 'soil.example.', /ends with a dot/],
    ['spaces', 'soil example', /not a valid host name/],
  ])('refuses a host with %s with 400 and its message, changing nothing', async (_name, domain, message) => {
    const before = await state(J1);
    const r = await request(app.url).post('/api/settings').set(as(J1, T1)).send({ domain });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
    expect(await state(J1)).toBe(before);
  });

  it('takes a host name alone, or nothing', async () => {
    await request(app.url).post('/api/settings').set(as(J1, T1)).send({ domain: 'www.soil.example' }).expect(200);
    expect((await pub(J1, '/api/settings/')).body.domain).toBe('www.soil.example');
    await request(app.url).post('/api/settings').set(as(J1, T1)).send({ domain: '' }).expect(200);
    expect((await pub(J1, '/api/settings/')).body.domain).toBe('');
  });
});
