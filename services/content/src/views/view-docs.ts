import { z } from 'zod';
import { articleDetailSchema, articleSummarySchema } from '@journal/contracts';
import type { Journal } from '../journals/journal.repo';
import type { Editor } from '../editors/editor.repo';
import type { IndexingItem } from '../indexing/indexing.repo';
import type { ArticleDetail, CorpusArticle } from './article-shapes';
import { unpackView } from './packed-view';

/**
 * The persisted public views of one journal, every one read and written by `_id` alone (the one
 * filter FerretDB evaluates inside SQLite; it still scans the collection, hence ViewRepo's hashed
 * collections):
 * - the head: settings, editors, indexing partners, issues with their months, per-issue counts
 *   (the archive index; every status for the admin), the versions of the editor/indexing/site files;
 * - one per issue: its public articles' list entries in page order (month filled, PDF URL versioned);
 * - one per article by reference number: its page data (or a withdrawn article's tombstone);
 * - one locator per article id: where its views are (reference number, issue, OAI datestamp), so a
 *   write that moves or removes an article finds what to patch without a query;
 * - the harvesters' indexes, each a directory and chunks: the OAI-PMH entries in datestamp order
 *   (oai-index.ts) and the sitemap's issues in archive order (sitemap-index.ts), so a list page
 *   or a sitemap file reads a few chunks, never the journal.
 */
export interface IssueKey {
  year: number;
  volume: number;
  issue: number;
}

export const issueKeyOf = (x: IssueKey) => `${x.year}/${x.volume}/${x.issue}`;

export function parseIssueKey(k: string): IssueKey | null {
  const m = /^(-?\d+)\/(-?\d+)\/(-?\d+)$/.exec(k);
  return m ? { year: Number(m[1]), volume: Number(m[2]), issue: Number(m[3]) } : null;
}

/** The issue of an article PDF's path (`/assets/archives/{year}/vol{volume}issue{issue}/{file}`), or null. */
export function issueOfPdfPath(path: string): IssueKey | null {
  const m = /^\/assets\/archives\/(\d+)\/vol(\d+)issue(\d+)\//.exec(path);
  return m ? { year: Number(m[1]), volume: Number(m[2]), issue: Number(m[3]) } : null;
}

export const viewId = {
  head: (journalId: string) => `${journalId}:h`,
  issue: (journalId: string, key: IssueKey | string) => `${journalId}:i:${typeof key === 'string' ? key : issueKeyOf(key)}`,
  article: (journalId: string, ref: string) => `${journalId}:a:${ref}`,
  loc: (journalId: string, articleId: string) => `${journalId}:l:${articleId}`,
  /** The OAI-PMH repository's directory, and its chunks by number (oai-index.ts). */
  oai: (journalId: string) => `${journalId}:o`,
  oaiChunk: (journalId: string, c: number) => `${journalId}:o:${c}`,
  /** The sitemap's directory, and its chunks by number (sitemap-index.ts). */
  sitemap: (journalId: string) => `${journalId}:s`,
  sitemapChunk: (journalId: string, c: number) => `${journalId}:s:${c}`,
  /** The journal's change counter (views written by a change carry its value). */
  counter: (journalId: string) => `${journalId}:n`,
  /** The rebuild's lease and progress. */
  rebuild: (journalId: string) => `${journalId}:rebuild`,
};

/** Per issue with public articles: how many, and the month its first article shows. */
export interface IssueStat {
  n: number;
  m: string;
}

export interface HeadView {
  journal: Journal | null;
  /** Every editor (any status: staff documents read disabled ones too). */
  editors: Editor[];
  /** Every indexing partner (any status). */
  indexing: IndexingItem[];
  issues: { id: string; year: number; volume: number; issue: number; frequency: string }[];
  /** Issue key → its stats; only issues with public articles. */
  stats: Record<string, IssueStat>;
  /**
   * Issue key → its articles of every status (the admin issue list and dashboard count them from
   * here, never from the articles): only issues holding articles. Kept by the change publisher
   * under the journal's lock, recounted from the issue's articles when one enters or leaves it.
   */
  counts: Record<string, number>;
  /** Stored file path → content version, for files other than article PDFs. */
  files: Record<string, string>;
  /**
   * Set by the rebuild once every article of the journal has its view: from then on a missing
   * article view means an unknown article, answered without a query.
   */
  complete: boolean;
}

/** An issue list entry: the public summary plus what a patch needs (its own month). */
export type IssueEntry = CorpusArticle & { own: string };

export interface IssueView {
  key: IssueKey;
  /** Public articles in page order. */
  articles: IssueEntry[];
}

export interface ArticleView {
  id: string;
  /** false: a withdrawn article's tombstone (its URL keeps a page saying why it is gone). */
  listed: boolean;
  summary: CorpusArticle;
  detail: ArticleDetail;
}

export interface LocView {
  ref: string;
  key: string;
  /**
   * The datestamp of the article's OAI-PMH entry (ms), for an article its issue view does not list
   * (withdrawn, disabled): a write moves it from there. A listed article's is its entry's date in
   * that view (locators stored before held it for every article: still read).
   */
  o?: number;
}

/** The OAI-PMH index (oai-index.ts). */
/** One entry: datestamp (ms), identifier (reference number), issue, and whether it is a deleted record. */
export interface OaiEntry {
  t: number;
  r: string;
  y: number;
  v: number;
  i: number;
  /** 1: a deleted record. */
  d?: 1;
}

export interface OaiChunkRef {
  /** The chunk's number: its view id is `viewId.oaiChunk(journal, c)`. */
  c: number;
  /** First entry's key. */
  t: number;
  r: string;
  /** Last entry's datestamp. */
  u: number;
  n: number;
  /**
   * Entries of the chunk in each set: `<spec>=<count>` joined by `;` (oai-index.ts, setCount). A
   * directory holds some 6,000 of them at 100,000 articles: as one string a ref they parse,
   * check and stringify in a fraction of the time of an object each (a key set of its own per ref).
   * Directories stored before hold an object (spec → count), read alike until rewritten.
   */
  s: string | Record<string, number>;
}

export interface OaiDirectory {
  chunks: OaiChunkRef[];
  /** The next chunk number. */
  seq: number;
}

export interface OaiChunk {
  entries: OaiEntry[];
}

/** The sitemap index (sitemap-index.ts). */
/** One listed issue: its key, and per public article (page order) its page, its PDF ('' none), the day of its last change. */
export interface SitemapIssue {
  k: string;
  a: [page: string, pdf: string, lastmod: string][];
  /** Its articles' latest change (ms). */
  m: number;
}

export interface SitemapChunkRef {
  c: number;
  /** First issue's key. */
  k: string;
  /** URLs, and their entries' bytes without the origin. */
  n: number;
  b: number;
  a: number;
  m: number;
}

export interface SitemapDirectory {
  chunks: SitemapChunkRef[];
  seq: number;
}

export interface SitemapChunk {
  issues: SitemapIssue[];
}

const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);

/** Extended, not intersected: an intersection parses each entry twice and merges the results (about twice the CPU of an issue's check). */
const corpusArticle = articleSummarySchema.extend({ modification: z.string() });

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 1;
const strings = (o: Fields, keys: readonly string[]) => keys.every((k) => typeof o[k] === 'string');
const numbers = (o: Fields, keys: readonly string[]) => keys.every((k) => typeof o[k] === 'number' && Number.isFinite(o[k]));
const listOf = (v: unknown, ok: (o: Fields) => boolean) => Array.isArray(v) && v.every((x) => isObject(x) && ok(x));
function valuesOf(v: unknown, ok: (x: unknown) => boolean): boolean {
  if (!isObject(v)) return false;
  for (const k in v) if (!ok(v[k])) return false;
  return true;
}

/**
 * The head's check, by hand: a large journal's head holds thousands of issues (780 kB of JSON at
 * 5,000), which a schema library copied object by object in 25-45 ms, on every process's first read
 * and first save of the journal; this reads the same fields in a few.
 */
function isHead(raw: unknown): boolean {
  if (!isObject(raw) || typeof raw.complete !== 'boolean') return false;
  const { journal } = raw;
  if (journal !== null && !(isObject(journal) && strings(journal, ['id', 'slug']))) return false;
  const people = (o: Fields) => strings(o, ['id', 'status']);
  return (
    listOf(raw.editors, people) &&
    listOf(raw.indexing, people) &&
    listOf(raw.issues, (o) => strings(o, ['id', 'frequency']) && numbers(o, ['year', 'volume', 'issue'])) &&
    valuesOf(raw.stats, (x) => isObject(x) && isCount(x.n) && typeof x.m === 'string') &&
    valuesOf(raw.counts, isCount) &&
    valuesOf(raw.files, (x) => typeof x === 'string')
  );
}

/** An OAI-PMH chunk ref's set counts as stored (OaiChunkRef.s): `<spec>=<count ≥ 1>` joined by `;`. */
const SET_COUNTS = /^(?:[^;=]+=[1-9]\d*(?:;[^;=]+=[1-9]\d*)*)?$/;

const isOaiEntry = (o: Fields) => strings(o, ['r']) && numbers(o, ['t', 'y', 'v', 'i']);

const schemas = {
  head: { safeParse: (raw: unknown) => ({ success: isHead(raw) }) },
  issue: loose({
    key: loose({ year: z.number(), volume: z.number(), issue: z.number() }),
    articles: z.array(corpusArticle.extend({ own: z.string() })),
  }),
  article: loose({ id: z.string(), listed: z.boolean(), summary: corpusArticle, detail: articleDetailSchema }),
  loc: loose({ ref: z.string(), key: z.string(), o: z.number().optional() }),
  // By hand, as the head: a chunk holds a thousand entries and is read by every page of a harvest.
  oai: {
    safeParse: (raw: unknown) => ({
      success: isObject(raw) && numbers(raw, ['seq']) && listOf(raw.chunks, (o) => strings(o, ['r']) && numbers(o, ['c', 't', 'u', 'n']) && (typeof o.s === 'string' ? SET_COUNTS.test(o.s) : valuesOf(o.s, isCount))),
    }),
  },
  oaiChunk: { safeParse: (raw: unknown) => ({ success: isObject(raw) && listOf(raw.entries, isOaiEntry) }) },
  sitemap: {
    safeParse: (raw: unknown) => ({ success: isObject(raw) && numbers(raw, ['seq']) && listOf(raw.chunks, (o) => strings(o, ['k']) && numbers(o, ['c', 'n', 'b', 'a', 'm'])) }),
  },
  sitemapChunk: {
    safeParse: (raw: unknown) => ({
      success: isObject(raw) && listOf(raw.issues, (o) => strings(o, ['k']) && numbers(o, ['m']) && Array.isArray(o.a) && o.a.every((x) => Array.isArray(x) && x.length === 3 && x.every((y) => typeof y === 'string'))),
    }),
  },
};

export type ViewKind = keyof typeof schemas;

export interface ViewTypes {
  head: HeadView;
  issue: IssueView;
  article: ArticleView;
  loc: LocView;
  oai: OaiDirectory;
  oaiChunk: OaiChunk;
  sitemap: SitemapDirectory;
  sitemapChunk: SitemapChunk;
}

/**
 * The stored JSON as a view of `kind`, or null when it does not fit the schema (then it is built
 * again from the articles). The parsed object itself is kept: the schema checks, it does not coerce.
 */
export function checkView<K extends ViewKind>(kind: K, json: string): ViewTypes[K] | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  return schemas[kind].safeParse(raw).success ? (raw as ViewTypes[K]) : null;
}

/**
 * A journal's head as stored, parsed and checked only when first asked for: most saves need none of
 * it (an article edited in place moves no count, no month, no issue's stat), and at 5,000 issues its
 * parse and check were the largest share of a process's first save of the journal. Once asked for,
 * the parsed object is kept (null: not a head, built again by its caller).
 */
export class UnparsedHead {
  private parsed?: HeadView | null;

  /**
   * `body`: its JSON, or its bytes as stored (packed-view.ts), inflated only when first asked for
   * too (some 2-3 ms of a first save's CPU for a head of 5,000 issues), then checked to name
   * `journalId`.
   */
  constructor(
    private body: string | Uint8Array,
    private readonly journalId: string,
  ) {}

  view(): HeadView | null {
    if (this.parsed === undefined) {
      const { body } = this;
      const unpacked = typeof body === 'string' ? { journalId: this.journalId, json: body } : unpackView(body);
      this.parsed = unpacked && unpacked.journalId === this.journalId ? checkView('head', unpacked.json) : null;
      this.body = '';
    }
    return this.parsed;
  }
}
