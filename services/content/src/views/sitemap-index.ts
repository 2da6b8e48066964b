import { byIssueDesc } from '../archives/issue.repo';
import { pagePath } from '../seo/public-url';
import { SITEMAP_HEAD, SITEMAP_TAIL, sitemapEntry, type SitemapLimits } from '../seo/sitemap';
import { parseIssueKey, type SitemapChunk, type SitemapChunkRef, type SitemapDirectory, type SitemapIssue } from './view-docs';
import { lastWhere } from './index-views';

/**
 * A journal's sitemap URLs as stored views (docs/architecture.md#public-views-content): its listed
 * issues newest first, each with its page and its public articles' pages and PDFs, cut into chunks
 * of whole issues of at most CHUNK_ARTICLES articles, and a directory naming each chunk with its
 * first issue, its URL count and its entries' bytes without the origin. The split into files of
 * at most maxUrls URLs and maxBytes bytes is walked over the directory: a chunk that fits whole is
 * counted without being read, so a file reads the chunks it lists and the one where each earlier
 * file ends. A write replaces the issues it changed, in one chunk each. Pure: the caller reads and
 * writes.
 */

export type { SitemapChunk, SitemapDirectory, SitemapIssue } from './view-docs';

export const CHUNK_ARTICLES = 250;

/** The fixed pages, before the issues. */
export const FIXED_PAGES = ['/', '/archives', '/board', '/indexing', '/instructions', '/about', '/contact'];

const order = (a: string, b: string) => byIssueDesc(parseIssueKey(a)!, parseIssueKey(b)!);

/** Each URL of an issue, without the origin, with its lastmod. */
function* urlsOf(s: SitemapIssue): Generator<{ path: string; lastmod?: string }> {
  yield { path: pagePath.issue(parseIssueKey(s.k)!) };
  for (const [page, pdf, lastmod] of s.a) {
    yield { path: page, lastmod };
    if (pdf) yield { path: pdf, lastmod };
  }
}

function refOf(c: number, issues: SitemapIssue[]): SitemapChunkRef {
  let n = 0;
  let b = 0;
  let a = 0;
  let m = 0;
  for (const s of issues) {
    for (const u of urlsOf(s)) {
      n++;
      b += Buffer.byteLength(sitemapEntry({ loc: u.path, lastmod: u.lastmod }));
    }
    a += s.a.length;
    m = Math.max(m, s.m);
  }
  return { c, k: issues[0]!.k, n, b, a, m };
}

/** The index of issues (any order). */
export function buildSitemapIndex(issues: SitemapIssue[], max = CHUNK_ARTICLES): { dir: SitemapDirectory; chunks: Map<number, SitemapChunk> } {
  const sorted = [...issues].sort((x, y) => order(x.k, y.k));
  const dir: SitemapDirectory = { chunks: [], seq: 0 };
  const chunks = new Map<number, SitemapChunk>();
  let part: SitemapIssue[] = [];
  let n = 0;
  const close = () => {
    if (!part.length) return;
    chunks.set(dir.seq, { issues: part });
    dir.chunks.push(refOf(dir.seq++, part));
    part = [];
    n = 0;
  };
  for (const s of sorted) {
    if (part.length && n + s.a.length > max) close();
    part.push(s);
    n += s.a.length;
  }
  close();
  return { dir, chunks };
}

/** Position of the chunk that holds (or would hold) the issue. */
const chunkAt = (dir: SitemapDirectory, k: string) => lastWhere(dir.chunks, (c) => order(c.k, k) <= 0);

/** Replaces issues (null: no longer listed). Changes `dir` in place; returns the chunks to write and those to delete. */
export async function patchSitemapIndex(
  dir: SitemapDirectory,
  load: (c: number) => Promise<SitemapChunk>,
  changed: Map<string, SitemapIssue | null>,
  max = CHUNK_ARTICLES,
): Promise<{ put: Map<number, SitemapChunk>; drop: number[] }> {
  const put = new Map<number, SitemapChunk>();
  const drop: number[] = [];
  for (const [k, s] of changed) {
    if (!dir.chunks.length) {
      if (!s) continue;
      const c = dir.seq++;
      put.set(c, { issues: [s] });
      dir.chunks.push(refOf(c, [s]));
      continue;
    }
    const pos = chunkAt(dir, k);
    const c = dir.chunks[pos]!.c;
    let ch = put.get(c);
    if (!ch) put.set(c, (ch = { issues: [...(await load(c)).issues] }));
    const i = ch.issues.findIndex((x) => order(x.k, k) >= 0);
    const at = i < 0 ? ch.issues.length : i;
    const same = ch.issues[at]?.k === k;
    if (s) ch.issues.splice(at, same ? 1 : 0, s);
    else if (same) ch.issues.splice(at, 1);
    if (!ch.issues.length) {
      put.delete(c);
      drop.push(c);
      dir.chunks.splice(pos, 1);
      continue;
    }
    const articles = ch.issues.reduce((n, x) => n + x.a.length, 0);
    if (articles > max && ch.issues.length > 1) {
      // Split into two runs of whole issues: the later one becomes a new chunk right after.
      let n = 0;
      let cut = 0;
      while (cut < ch.issues.length - 1 && n + ch.issues[cut]!.a.length <= articles / 2) n += ch.issues[cut++]!.a.length;
      const upper = ch.issues.splice(Math.max(1, cut));
      const c2 = dir.seq++;
      put.set(c2, { issues: upper });
      dir.chunks.splice(pos + 1, 0, refOf(c2, upper));
    }
    dir.chunks[pos] = refOf(c, ch.issues);
  }
  return { put, drop };
}

/** The day of the journal's latest change, for the sitemap index's lastmod. */
export function sitemapLastmod(dir: SitemapDirectory): string | undefined {
  const m = dir.chunks.reduce((x, c) => Math.max(x, c.m), 0);
  return m ? new Date(m).toISOString().slice(0, 10) : undefined;
}

/**
 * How many files the sitemap is split into for this origin, and file `want` (1-based) when asked:
 * the files `buildSitemaps` makes of the same URLs.
 */
export async function sitemapFile(
  dir: SitemapDirectory,
  load: (c: number) => Promise<SitemapChunk>,
  origin: string,
  limits: SitemapLimits,
  want?: number,
): Promise<{ count: number; file?: string }> {
  const originBytes = Buffer.byteLength(origin);
  const base = Buffer.byteLength(SITEMAP_HEAD) + Buffer.byteLength(SITEMAP_TAIL);
  let file = 1;
  let count = 0;
  let bytes = base;
  const parts: string[] = [];
  const add = (path: string, lastmod?: string) => {
    const e = sitemapEntry({ loc: origin + path, lastmod });
    const n = Buffer.byteLength(e);
    if (count && (count >= limits.maxUrls || bytes + n > limits.maxBytes)) {
      file++;
      count = 0;
      bytes = base;
    }
    count++;
    bytes += n;
    if (file === want) parts.push(e);
  };
  for (const p of FIXED_PAGES) add(p);
  for (const ref of dir.chunks) {
    // Whole in the current file, and not the file asked for: counted without reading it. Else read,
    // entry by entry: the file asked for, or one that ends inside this chunk.
    const fits = count + ref.n <= limits.maxUrls && bytes + ref.n * originBytes + ref.b <= limits.maxBytes;
    if (fits && file !== want) {
      count += ref.n;
      bytes += ref.n * originBytes + ref.b;
      continue;
    }
    for (const s of (await load(ref.c)).issues) for (const u of urlsOf(s)) add(u.path, u.lastmod);
  }
  return { count: file, file: want !== undefined && want <= file ? SITEMAP_HEAD + parts.join('') + SITEMAP_TAIL : undefined };
}
