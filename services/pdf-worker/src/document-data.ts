import { isValidDoi, normaliseDoi, sanitizeTitle, toPlainText } from '@journal/common';
import type { ArticleInfo, EditorInfo, JournalInfo } from './pdf.types';
import type { RawRecord } from './content.client';

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', rsquo: '’', lsquo: '‘', ldquo: '“', rdquo: '”', hellip: '…' };

/** Titles and abstracts are stored HTML-entity-encoded (spec §3); decode before sanitising. */
export function decodeEntities(s: string): string {
  let out = s;
  // Up to twice, for values that were encoded twice on their way into the old database.
  for (let i = 0; i < 2 && /&(#\d+|#x[0-9a-f]+|[a-z]+);/i.test(out); i++) {
    out = out.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return NAMED[e.toLowerCase()] ?? m;
    });
  }
  return out;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v)).trim();
/** Plain text: entity-decoded, tags dropped, entities of the sanitiser's output decoded again. */
const plain = (v: unknown, max = 500): string =>
  [...decodeEntities(toPlainText(decodeEntities(str(v)))).replace(/\s+/g, ' ').trim()].slice(0, max).join('');

/** Author names of an article: comma-separated (spec §3), trimmed, empty parts dropped. */
export const splitAuthors = (authorname: unknown): string[] =>
  plain(authorname, 5000)
    .split(',')
    .map((a) => a.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** Compares author names the way a person would: case, spacing and Unicode form do not matter. */
export const sameName = (a: string, b: string) =>
  a.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase() === b.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase();

/** The public display of the impact factor drops its 'Impact Factor: ' label (spec §3). */
export function impactFactor(v: unknown): string {
  const s = plain(v, 100);
  return s.replace(/^impact\s*factor\s*[:\-–]?\s*/i, '').trim();
}

const firstNumber = (v: unknown) => /\d+/.exec(str(v))?.[0] ?? str(v);

const dateText = (v: unknown): string => {
  const s = str(v);
  if (!s) return '';
  const d = /^\d{4}-\d{2}-\d{2}/.test(s) ? new Date(s) : null;
  if (d && !Number.isNaN(d.getTime())) return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return plain(s, 60);
};

/** An issue's frequency names its month(s), e.g. 'january-february' (spec §9); shown capitalised. */
function monthOf(a: RawRecord): string {
  const m = plain(a.month ?? a.issue_month ?? a.frequency ?? '', 40);
  if (!/^[A-Za-z]+(?:\s*-\s*[A-Za-z]+)*$/.test(m)) return '';
  if (/^(?:bi-?)?monthly$|^quarterly$|^triannual$|^half-?yearly$|^yearly$|^annual$/i.test(m)) return '';
  return m
    .split('-')
    .map((p) => p.trim())
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1).toLowerCase())
    .join('-');
}

export function toArticle(a: RawRecord): ArticleInfo {
  return {
    refnumber: plain(a.refnumber, 40),
    title: sanitizeTitle(decodeEntities(str(a.title ?? a.description))).slice(0, 3000),
    authors: splitAuthors(a.authorname),
    year: firstNumber(a.year),
    volume: firstNumber(a.volume),
    issue: firstNumber(a.issue),
    month: monthOf(a),
    pages: plain(a.pagenumber, 30),
    publishdate: dateText(a.publishdate),
    subject: plain(a.subject, 200),
    country: plain(a.country, 100),
    doi: doiOf(a.doi),
  };
}

function doiOf(v: unknown): string {
  const d = normaliseDoi(typeof v === 'string' ? v : '');
  return isValidDoi(d) ? d : '';
}

export function toEditor(e: RawRecord): EditorInfo {
  return {
    id: str(e.id ?? e._id),
    name: plain(e.name, 200),
    category: plain(e.category, 50).toLowerCase(),
    post: plain(e.post ?? e.designation, 200),
    affiliation: plain(e.content, 600),
    degree: plain(e.degree, 100),
    country: plain(e.country, 100),
    email: plain(e.email, 200),
    phone: plain(e.phone, 50),
    website: plain(e.editor_website, 300),
  };
}

const enabled = (e: RawRecord) => e.status === undefined || str(e.status).toLowerCase() === 'enabled';

/** Editors of the public board in their order: pinned first, then as content listed them. */
export function boardEditors(raw: RawRecord[]): EditorInfo[] {
  const list = raw.filter(enabled);
  const pinned = list.filter((e) => Number(e.is_pinned) === 1);
  const rest = list.filter((e) => Number(e.is_pinned) !== 1);
  return [...pinned, ...rest].map(toEditor);
}

export function toJournal(settings: RawRecord, editors: EditorInfo[], logo: string): JournalInfo {
  const chief = editors.find((e) => e.category === 'chief editor');
  const name = plain(settings.formatted_journal_name, 300) || plain(settings.websitename, 300) || 'Journal';
  return {
    name,
    siteName: plain(settings.websitename, 100),
    domain: plain(settings.domain, 253),
    email: plain(settings.websiteemail, 200),
    issn: plain(settings.issn, 50),
    essn: plain(settings.journal_essn, 50),
    impactFactor: impactFactor(settings.impactfactor),
    frequency: plain(settings.journal_frequency, 50),
    logo,
    chiefEditor: chief ? [chief.name, chief.degree].filter(Boolean).join(', ') : '',
    publisher: plain(settings.publisher ?? '', 200),
  };
}

export const showEditorContacts = (settings: RawRecord): boolean => {
  const flags = settings.flags as { showEditorContacts?: unknown } | undefined;
  return flags?.showEditorContacts === true;
};
