import { spawnSync } from 'node:child_process';
import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { GzipSplicer } from '../src/edge-encoding';

const css = Buffer.from(`<style>${'.site-header{display:flex;gap:1rem}.main-nav a{color:#123;text-decoration:none}'.repeat(200)}</style>`);
const own = (n: number) => Buffer.from(`<p>Page ${n}: Ünïcode “quotes”, ${'an abstract of some length. '.repeat(40)}</p>`);

const spliced = (pieces: ({ own: Buffer } | { shared: Buffer })[]) => {
  const z = new GzipSplicer();
  for (const p of pieces) if ('own' in p) z.add(p.own);
  else z.addShared(p.shared);
  return z.finish();
};
const whole = (pieces: ({ own: Buffer } | { shared: Buffer })[]) => Buffer.concat(pieces.map((p) => ('own' in p ? p.own : p.shared)));

/** What the gzip program itself makes of the bytes: a decoder that is not node's. */
const gzipProgram = (bytes: Buffer) => {
  const r = spawnSync('gzip', ['-dc'], { input: bytes });
  if (r.status !== 0) throw new Error(`gzip -dc failed: ${r.stderr.toString()}`);
  return r.stdout;
};

describe('GzipSplicer', () => {
  const layouts: Record<string, ({ own: Buffer } | { shared: Buffer })[]> = {
    'a small start, the shared bytes, the rest': [{ own: Buffer.from('<!DOCTYPE html><html><head><title>T</title>') }, { shared: css }, { own: own(1) }],
    'the shared bytes first': [{ shared: css }, { own: own(2) }],
    'the shared bytes last': [{ own: own(3) }, { shared: css }],
    'only the shared bytes, twice': [{ shared: css }, { shared: css }],
    'empty pieces among them': [{ own: Buffer.alloc(0) }, { shared: css }, { own: Buffer.alloc(0) }, { own: own(4) }],
    'nothing at all': [],
  };

  test.each(Object.entries(layouts))('%s: node, a stream and the gzip program all read back the same bytes', async (_name, pieces) => {
    const expected = whole(pieces);
    const bytes = spliced(pieces);
    expect(gunzipSync(bytes).equals(expected)).toBe(true);
    expect(gzipProgram(bytes).equals(expected)).toBe(true);
    const streamed: Buffer[] = [];
    const gunzip = createGunzip();
    gunzip.on('data', (c: Buffer) => streamed.push(c));
    await new Promise<void>((resolve, reject) => {
      gunzip.on('end', resolve).on('error', reject);
      gunzip.end(bytes);
    });
    expect(Buffer.concat(streamed).equals(expected)).toBe(true);
  });

  test('shared bytes are deflated once: each answer carries the same deflate of them', () => {
    const a = spliced([{ shared: css }, { own: own(5) }]);
    const b = spliced([{ shared: css }, { own: own(6) }]);
    const header = 10;
    const sharedPart = spliced([{ shared: css }]).subarray(header, -10);
    expect(a.subarray(header, header + sharedPart.length).equals(sharedPart)).toBe(true);
    expect(b.subarray(header, header + sharedPart.length).equals(sharedPart)).toBe(true);
  });

  test('a piece may be reused once added, and the answer is within a few percent of one gzip of the whole', () => {
    const reused = Buffer.from(own(7));
    const z = new GzipSplicer();
    z.add(reused);
    z.addShared(css);
    const expected = Buffer.concat([own(7), css]);
    reused.fill(0);
    const bytes = z.finish();
    expect(gunzipSync(bytes).equals(expected)).toBe(true);
    expect(bytes.length).toBeLessThan(gzipSync(expected, { level: 2 }).length * 1.1 + 32);
  });

  test('a corrupted answer fails its CRC check instead of decoding to other bytes', () => {
    const bytes = spliced([{ own: own(8) }, { shared: css }]);
    const trailer = bytes.length - 8;
    bytes[trailer] = bytes[trailer]! ^ 0xff;
    expect(() => gunzipSync(bytes)).toThrow();
  });
});
