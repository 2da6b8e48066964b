import type { AdminSearchHit, ArticleSummaryFields } from '@journal/contracts';
import { adminHaystack, adminHitOf, isPublicArticle, type Article } from '../archives/article.repo';
import { searchText } from '../shared/text';

/** A public list entry as the public search answers it: the list shape plus the modification date. */
export type SearchSummary = ArticleSummaryFields & { modification: string };

/**
 * One article (any status) in a journal's search index: what both searches match on, the order
 * keys, and what each answers. Built by `searchEntryOf` on every write; never changed afterwards
 * (a change replaces the entry), so answers may hold on to it.
 */
export interface SearchEntry {
  /** The admin search's answer line; its id, year, volume, issue and refnumber are the entry's keys. */
  hit: AdminSearchHit;
  /** Numeric first page: the last order key before the reference number. */
  pageStart: number;
  /** Lower-cased plain text of title, authors, keywords and abstract; '' when not public. */
  hay: string;
  /** The admin search text (adminHaystack): staff-only fields inside, never answered publicly. */
  adminHay: string;
  /** The public list entry, or null: the public does not see the article. */
  summary: SearchSummary | null;
}

/**
 * The entry of a stored article. `summary` is the public list entry the public views answer for it
 * (frequency and versioned PDF URL filled in); it is kept only when the article is public.
 */
export function searchEntryOf(a: Article, summary: SearchSummary | null): SearchEntry {
  const visible = isPublicArticle(a) && summary !== null;
  return {
    hit: adminHitOf(a),
    pageStart: a.pageStart ?? 0,
    hay: visible ? a.search_text || searchText([a.title, a.authorname, a.keywords, a.abstract]) : '',
    adminHay: adminHaystack(a),
    summary: visible ? summary : null,
  };
}

const collator = new Intl.Collator('en', { numeric: true });

/**
 * Newest issue first, then page order (docs/product.md#visibility-and-ordering): the order of
 * both searches, the same as `byIssueThenPage` (the collator is `localeCompare`'s, made once).
 * Equal reference numbers under numeric collation ('01', '1') are ordered by id, so the order is total.
 */
export function entryOrder(x: SearchEntry, y: SearchEntry): number {
  const a = x.hit;
  const b = y.hit;
  return (
    b.year - a.year ||
    b.volume - a.volume ||
    b.issue - a.issue ||
    x.pageStart - y.pageStart ||
    collator.compare(a.refnumber, b.refnumber) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Rough heap bytes of an entry (V8 one-byte strings; calibrated by bench/publisher-search.bench.ts). */
export function entryBytes(e: SearchEntry): number {
  const h = e.hit;
  let n = ENTRY_OVERHEAD + e.hay.length + e.adminHay.length + h.id.length + h.refnumber.length + h.title.length + h.authorname.length + h.pagenumber.length + h.status.length;
  const s = e.summary;
  if (s) {
    n += SUMMARY_OVERHEAD + s.frequency.length + s.title.length + s.authorname.length + s.keywords.length + s.pagenumber.length + s.subject.length + s.country.length;
    n += s.file.length + (s.pdf_url?.length ?? 0) + s.publishdate.length + s.doi.length + s.modification.length + (s.withdrawal ? s.withdrawal.reason.length + 120 : 0);
  }
  return n;
}

/** Object headers, fields and string headers of an entry and its hit, and of a summary. */
const ENTRY_OVERHEAD = 300;
const SUMMARY_OVERHEAD = 350;
