import { WITHDRAWAL_KINDS } from '@journal/contracts';
import { FIELD_SEP } from '../archives/article.repo';
import type { SearchEntry, SearchSummary } from './search-entry';

/**
 * An entry as stored: id, year, volume, issue, pageStart, refnumber, title, authors, pages, status,
 * the admin text, the public text, and the summary's values in SUMMARY_KEYS order (0 when not
 * public). Arrays, not objects: no key is repeated 50,000 times for JSON.parse to read. What an
 * entry already holds is not stored twice: the admin text is kept as its last three fields when
 * its first two are the lower-cased title and authors, and a summary value equal to the entry's
 * own (id, title, authors, …) is stored as null. Loading spends less time on decompressing and
 * parsing than it saves, and the rebuilt strings are shared in memory.
 */
export type Packed = [string, number, number, number, number, string, string, string, string, string, string | string[], string, unknown[] | 0];

/** The summary's fields, in the order they are stored and rebuilt (the list answer's order). */
const SUMMARY_KEYS = [
  'id', 'year', 'volume', 'issue', 'frequency', 'refnumber', 'title', 'authorname', 'keywords', 'pagenumber', 'pageStart', 'pageEnd',
  'subject', 'country', 'file', 'pdf_url', 'publishdate', 'doi', 'withdrawal', 'modification',
] as const satisfies readonly (keyof SearchSummary)[];

/** Summary values that usually equal the entry's own: index in SUMMARY_KEYS → the entry's value. */
const SHARED: [number, (e: SearchEntry) => string | number][] = [
  [0, (e) => e.hit.id], [1, (e) => e.hit.year], [2, (e) => e.hit.volume], [3, (e) => e.hit.issue], [5, (e) => e.hit.refnumber],
  [6, (e) => e.hit.title], [7, (e) => e.hit.authorname], [9, (e) => e.hit.pagenumber], [10, (e) => e.pageStart],
];

function packAdmin(e: SearchEntry): string | string[] {
  const parts = e.adminHay.split(FIELD_SEP);
  return parts.length === 5 && parts[0] === e.hit.title.toLowerCase() && parts[1] === e.hit.authorname.toLowerCase() ? parts.slice(2) : e.adminHay;
}

export function pack(e: SearchEntry): Packed {
  const h = e.hit;
  const s = e.summary;
  let values: unknown[] | 0 = 0;
  if (s) {
    values = SUMMARY_KEYS.map((k) => s[k]);
    for (const [i, own] of SHARED) if (values[i] === own(e)) values[i] = null;
  }
  return [h.id, h.year, h.volume, h.issue, e.pageStart, h.refnumber, h.title, h.authorname, h.pagenumber, h.status, packAdmin(e), e.hay, values];
}

/**
 * A cheap structural check of every field (a schema library per entry would cost more than the
 * load). Indexed reads, not destructuring: this runs 50,000 times in a large journal's first search.
 */
export function unpack(row: unknown): SearchEntry | null {
  if (!Array.isArray(row) || row.length !== 13) return null;
  const r = row as unknown[];
  const id = r[0];
  const year = r[1];
  const volume = r[2];
  const issue = r[3];
  const pageStart = r[4];
  const refnumber = r[5];
  const title = r[6];
  const authorname = r[7];
  const pagenumber = r[8];
  const status = r[9];
  const admin = r[10];
  const hay = r[11];
  const summary = r[12];
  if (typeof id !== 'string' || typeof refnumber !== 'string' || typeof title !== 'string' || typeof authorname !== 'string') return null;
  if (typeof pagenumber !== 'string' || typeof status !== 'string' || typeof hay !== 'string') return null;
  if (typeof year !== 'number' || typeof volume !== 'number' || typeof issue !== 'number' || typeof pageStart !== 'number') return null;
  let adminHay: string;
  if (typeof admin === 'string') adminHay = admin;
  else if (Array.isArray(admin) && admin.length === 3 && typeof admin[0] === 'string' && typeof admin[1] === 'string' && typeof admin[2] === 'string') {
    adminHay = title.toLowerCase() + FIELD_SEP + authorname.toLowerCase() + FIELD_SEP + admin[0] + FIELD_SEP + admin[1] + FIELD_SEP + admin[2];
  } else return null;
  const e: SearchEntry = { hit: { id, year, volume, issue, refnumber, title, authorname, pagenumber, status }, pageStart, adminHay, hay, summary: null };
  if (summary !== 0) {
    if (!Array.isArray(summary) || summary.length !== SUMMARY_KEYS.length) return null;
    e.summary = summaryOf(summary as unknown[], e);
    if (!e.summary) return null;
  }
  return e;
}

/** The summary from its stored values; null where the entry's own value stands in. */
function summaryOf(v: unknown[], e: SearchEntry): SearchSummary | null {
  const h = e.hit;
  const id = v[0] ?? h.id;
  const year = v[1] ?? h.year;
  const volume = v[2] ?? h.volume;
  const issue = v[3] ?? h.issue;
  const frequency = v[4];
  const refnumber = v[5] ?? h.refnumber;
  const title = v[6] ?? h.title;
  const authorname = v[7] ?? h.authorname;
  const keywords = v[8];
  const pagenumber = v[9] ?? h.pagenumber;
  const pageStart = v[10] ?? e.pageStart;
  const pageEnd = v[11];
  const subject = v[12];
  const country = v[13];
  const file = v[14];
  const pdf_url = v[15];
  const publishdate = v[16];
  const doi = v[17];
  const withdrawal = v[18];
  const modification = v[19];
  if (id !== h.id) return null;
  if (typeof year !== 'number' || typeof volume !== 'number' || typeof issue !== 'number' || typeof pageStart !== 'number' || typeof pageEnd !== 'number') return null;
  if (typeof frequency !== 'string' || typeof refnumber !== 'string' || typeof title !== 'string' || typeof authorname !== 'string' || typeof keywords !== 'string') return null;
  if (typeof pagenumber !== 'string' || typeof subject !== 'string' || typeof country !== 'string' || typeof file !== 'string' || typeof publishdate !== 'string') return null;
  if (typeof doi !== 'string' || typeof modification !== 'string' || (pdf_url !== null && typeof pdf_url !== 'string')) return null;
  if (withdrawal !== null && !isWithdrawal(withdrawal)) return null;
  return { id, year, volume, issue, frequency, refnumber, title, authorname, keywords, pagenumber, pageStart, pageEnd, subject, country, file, pdf_url, publishdate, doi, withdrawal, modification };
}

function isWithdrawal(w: unknown): w is NonNullable<SearchSummary['withdrawal']> {
  if (typeof w !== 'object' || w === null) return false;
  const o = w as Record<string, unknown>;
  return typeof o.reason === 'string' && typeof o.at === 'string' && (WITHDRAWAL_KINDS as readonly unknown[]).includes(o.kind);
}
