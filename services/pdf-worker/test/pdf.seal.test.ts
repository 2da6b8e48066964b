import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { newObjectId } from '@journal/testing';
import { DEMO_JOURNALS } from '../../content/src/seed/demo-data';
import { article, demoSettings, editor } from './helpers/content-fixture';
import { adminToken, binary, readZip, startStack, type Stack } from './helpers/stack';

/**
 * docs/product.md#documents: the certificate's seal carries the whole journal name, shrunk and
 * wrapped to fit its disc, for every demo journal and a 120-character name, in Latin and
 * Devanagari. Checked with pdftotext, as a reader's tools see the file: the words, and where they are.
 */
const LONG = 'International Journal of Advanced Interdisciplinary Research in Agricultural, Environmental and Biological Sciences Ltd.';
const DEVANAGARI = 'अंतरराष्ट्रीय कृषि एवं पर्यावरण विज्ञान अनुसंधान पत्रिका, भारतीय कृषि अनुसंधान परिषद् नई दिल्ली द्वारा प्रकाशित शोध पत्रिका';
const MM = 72 / 25.4;

interface Word { text: string; xMin: number; yMin: number; xMax: number; yMax: number }

/** Words of page 1 with their boxes (points), from `pdftotext -bbox`. */
function words(pdf: Buffer): Word[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'seal-'));
  try {
    const file = path.join(dir, 'c.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5]!.replace(/&amp;/g, '&'),
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The seal's words: everything inside the 34 mm disc above its last word (PUBLISHED or BOARD). */
function sealWords(all: Word[], last: string): { inside: Word[]; cx: number; cy: number } {
  const end = all.filter((w) => w.text === last).at(-1)!;
  const cx = (end.xMin + end.xMax) / 2;
  const near = all.filter((w) => Math.abs((w.xMin + w.xMax) / 2 - cx) < 20 * MM && w.yMax <= end.yMax && end.yMin - w.yMin < 34 * MM);
  const top = Math.min(...near.map((w) => w.yMin));
  return { inside: near, cx, cy: (top + end.yMax) / 2 };
}

describe('the seal text fits', () => {
  let s: Stack;
  const names = [...DEMO_JOURNALS.map((d) => d.websitename), LONG, DEVANAGARI];
  const ids = names.map(() => newObjectId());

  beforeAll(async () => {
    s = await startStack();
    expect([...LONG]).toHaveLength(120);
    names.forEach((name, i) =>
      s.content.journals.set(ids[i]!, {
        settings: demoSettings('Journal', { websitename: name }),
        editors: [editor('Dr. Ramesh Kumar', 'chief editor')],
        articles: [article(3001, 'Asha Rao')],
      }),
    );
  }, 60_000);
  afterAll(async () => {
    await s.stop();
  });

  it.each(names.map((n, i) => [n, i] as const))('%s: whole, inside the seal, on the publication and the editor certificates', async (name, i) => {
    const J = ids[i]!;
    const cert = await binary(request(s.api.url).get('/api/pdf/certificate/3001/Asha%20Rao').set('x-journal-id', J));
    expect(cert.status).toBe(200);
    const zip = await binary(
      request(s.api.url).post('/api/pdf/editorscertificate').set('x-journal-id', J).set('authorization', `Bearer ${adminToken(J)}`).send([s.content.journals.get(J)!.editors[0]!.id]),
    );
    expect(zip.status).toBe(200);
    for (const [pdf, last] of [[cert.body as Buffer, 'PUBLISHED'], [readZip(zip.body as Buffer)[0]!.data, 'BOARD']] as const) {
      const all = words(pdf);
      const { inside, cx, cy } = sealWords(all, last);
      // Every word lies within the disc (radius 17 mm less the border).
      for (const w of inside) {
        for (const [x, y] of [[w.xMin, w.yMin], [w.xMax, w.yMin], [w.xMin, w.yMax], [w.xMax, w.yMax]] as const) {
          expect(Math.hypot(x - cx, y - cy)).toBeLessThanOrEqual(16.5 * MM);
        }
      }
      const text = inside.map((w) => w.text).join(' ');
      if (/^[\x20-\x7e]+$/.test(name)) {
        expect(text).toContain(name.toUpperCase());
      } else {
        // Shaped Devanagari does not extract letter for letter; its words are all there, in the disc.
        expect(inside.length).toBeGreaterThanOrEqual(name.split(' ').length + 1);
      }
    }
  });
});
