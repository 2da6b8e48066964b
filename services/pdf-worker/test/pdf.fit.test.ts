import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { articleFieldsSchema, TITLE_WORDS_MESSAGE } from '@journal/contracts';
import { newObjectId } from '@journal/testing';
import { article, demoSettings, editor } from './helpers/content-fixture';
import { adminToken, binary, readZip, startStack, type Stack } from './helpers/stack';

/**
 * docs/product.md#documents: documents fit their text. A 150-word title (more than the form
 * accepts, as an article stored before the rule may have) and a 64-character name still give one
 * certificate page whose seal, date and Editor-in-Chief lie inside the frame; the page range never
 * breaks at its hyphen. Checked with `pdftotext -bbox` on Chromium's real output.
 */
const MM = 72 / 25.4;
const WORDS_150 = Array.from({ length: 150 }, (_, i) => ['salinity', 'tolerance', 'of', 'indigenous', 'rice', 'landraces', 'under', 'field'][i % 8]!).join(' ');
const NAME_64 = 'Dr. Venkataraghavan Subrahmanyam Chidambaranathan Ramaswamy Iyer';
const AFFILIATION = 'Department of Agricultural Biotechnology and Molecular Breeding, '.repeat(6).trim();

interface Word { text: string; xMin: number; yMin: number; xMax: number; yMax: number }
interface Page { width: number; height: number; words: Word[] }

/** Every page with its words' boxes (points), from `pdftotext -bbox`. */
function pages(pdf: Buffer): Page[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'fit-'));
  try {
    const file = path.join(dir, 'c.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
    return [...html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)].map((p) => ({
      width: Number(p[1]),
      height: Number(p[2]),
      words: [...p[3]!.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
        xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5]!.replace(/&amp;/g, '&'),
      })),
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every word lies within the certificate's frame (8 mm from each edge, less its border). */
function expectInsideFrame(p: Page) {
  const inset = 10 * MM;
  for (const w of p.words) {
    expect({ w: w.text, inside: w.xMin >= inset && w.yMin >= inset && w.xMax <= p.width - inset && w.yMax <= p.height - inset }).toEqual({ w: w.text, inside: true });
  }
}

const find = (p: Page, text: string) => p.words.filter((w) => w.text.replace(/[.,]$/, '') === text);

describe('documents fit their text', () => {
  let s: Stack;
  const J = newObjectId();

  beforeAll(async () => {
    s = await startStack();
    s.content.journals.set(J, {
      settings: demoSettings('International Journal of Agriculture Extension and Social Development'),
      editors: [editor('Dr. Ramesh Kumar', 'chief editor', { content: AFFILIATION }), editor(NAME_64, 'associate editor', { content: AFFILIATION })],
      articles: [article(4001, `${NAME_64}, Asha Rao`, { title: WORDS_150, pagenumber: '8-16' })],
    });
  }, 60_000);
  afterAll(async () => {
    await s.stop();
  });

  it('the form and the service refuse a title over 100 words with the same message', () => {
    const r = articleFieldsSchema.safeParse({ title: WORDS_150 });
    expect(r.success).toBe(false);
    expect(r.error!.issues.find((i) => i.path[0] === 'title')?.message).toBe(TITLE_WORDS_MESSAGE);
    expect(TITLE_WORDS_MESSAGE).toBe('Title should not exceed 100 words');
    const hundred = WORDS_150.split(' ').slice(0, 100).join(' ');
    expect(articleFieldsSchema.safeParse({ title: `<i>${hundred}</i>` }).error?.issues.find((i) => i.path[0] === 'title')).toBeUndefined();
  });

  it('a 150-word title and a 64-character name: one page, seal, date and Editor-in-Chief inside it', async () => {
    const res = await binary(request(s.api.url).get(`/api/pdf/certificate/4001/${encodeURIComponent(NAME_64)}`).set('x-journal-id', J));
    expect(res.status).toBe(200);
    const all = pages(res.body as Buffer);
    expect(all).toHaveLength(1);
    const [p] = all as [Page];
    expectInsideFrame(p);
    const text = p.words.map((w) => w.text).join(' ');
    // Nothing cut: the whole title and the whole name are there.
    expect(text).toContain(WORDS_150.split(' ').slice(-12).join(' '));
    expect(text).toContain(NAME_64);
    expect(find(p, 'PUBLISHED')).toHaveLength(1);
    expect(find(p, 'Editor-in-Chief')).toHaveLength(1);
    // The date under its line and in the meta line.
    expect(find(p, 'Date')).not.toHaveLength(0);
    expect(text).toMatch(/2026/);
    // '8-16' is one word: the range did not break at its hyphen.
    expect(find(p, '8-16')).toHaveLength(1);
  });

  it('an editor certificate with a 64-character name and a long affiliation stays inside its page', async () => {
    const ids = s.content.journals.get(J)!.editors.map((e) => e.id);
    const zip = await binary(
      request(s.api.url).post('/api/pdf/editorscertificate').set('x-journal-id', J).set('authorization', `Bearer ${adminToken(J)}`).send(ids),
    );
    expect(zip.status).toBe(200);
    for (const entry of readZip(zip.body as Buffer)) {
      const all = pages(entry.data);
      expect(all).toHaveLength(1);
      expectInsideFrame(all[0]!);
      expect(find(all[0]!, 'BOARD')).toHaveLength(1);
      expect(find(all[0]!, 'Editor-in-Chief')).toHaveLength(1);
    }
  });

  it('the cover page lays out the same title and names inside its page', async () => {
    const res = await binary(request(s.api.url).get('/api/pdf/coverpage/4001').set('x-journal-id', J));
    expect(res.status).toBe(200);
    const all = pages(res.body as Buffer);
    expect(all).toHaveLength(1);
    const [p] = all as [Page];
    for (const w of p.words) expect(w.yMax <= p.height && w.xMax <= p.width && w.xMin >= 0 && w.yMin >= 0).toBe(true);
    const text = p.words.map((w) => w.text).join(' ');
    expect(text).toContain(WORDS_150.split(' ').slice(-12).join(' '));
    expect(text).toContain('Editor-in-Chief');
    expect(find(p, '8-16')).toHaveLength(1);
  });
});
