import { sanitizeTitle, storedToPlainText } from '@journal/server-kit';
import {
  decodeEntities, isValidDoi, normaliseDoi, publisherAddress, splitAuthors as splitAuthorList,
  type ListedArticle, type PublicEditorRead, type PublicSettingsRead, type ReviewSubmittedEvent,
} from '@journal/contracts';
import type { ArticleInfo, EditorInfo, JournalInfo, ReviewerCertificateItem } from './pdf.types';

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v)).trim();
/** Plain text of a stored value, at most `max` characters. */
const plain = (v: unknown, max = 500): string => [...storedToPlainText(str(v)).replace(/\s+/g, ' ').trim()].slice(0, max).join('');

/** Author names of an article: comma-separated (docs/product.md#authors), trimmed, empty parts dropped. */
export const splitAuthors = (authorname: unknown): string[] => splitAuthorList(plain(authorname, 5000));

/** Compares author names the way a person would: case, spacing and Unicode form do not matter. */
export const sameName = (a: string, b: string) =>
  a.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase() === b.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase();

/** The public display of the impact factor drops its 'Impact Factor: ' label (docs/product.md#display-rules). */
export function impactFactor(v: unknown): string {
  const s = plain(v, 100);
  return s.replace(/^impact\s*factor\s*[:\-–]?\s*/i, '').trim();
}

const dateText = (v: unknown): string => {
  const s = str(v);
  if (!s) return '';
  const d = /^\d{4}-\d{2}-\d{2}/.test(s) ? new Date(s) : null;
  if (d && !Number.isNaN(d.getTime())) return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return plain(s, 60);
};

/** docs/product.md#reviewer-certificates: what a submitted review's certificate shows; no title when the journal hides titles. */
export function toReviewerCertificate(r: ReviewSubmittedEvent): ReviewerCertificateItem {
  return {
    reviewer: plain(r.reviewer.name, 300),
    affiliation: plain(r.reviewer.affiliation, 600),
    manuscript: plain(r.submissionNumber, 64),
    title: r.hideTitle ? '' : sanitizeTitle(decodeEntities(r.title)).slice(0, 3000),
    date: dateText(r.submittedAt),
  };
}

/** An issue's frequency names its month(s), e.g. 'january-february' (docs/product.md#issue-rules); shown capitalised. */
function monthOf(a: ListedArticle): string {
  const m = plain(a.frequency, 40);
  if (!/^[A-Za-z]+(?:\s*-\s*[A-Za-z]+)*$/.test(m)) return '';
  if (/^(?:bi-?)?monthly$|^quarterly$|^triannual$|^half-?yearly$|^yearly$|^annual$/i.test(m)) return '';
  return m
    .split('-')
    .map((p) => p.trim())
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1).toLowerCase())
    .join('-');
}

export function toArticle(a: ListedArticle): ArticleInfo {
  return {
    refnumber: plain(a.refnumber, 40),
    title: sanitizeTitle(decodeEntities(a.title)).slice(0, 3000),
    authors: splitAuthors(a.authorname),
    year: String(a.year),
    volume: String(a.volume),
    issue: String(a.issue),
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

export function toEditor(e: PublicEditorRead): EditorInfo {
  return {
    id: str(e.id),
    name: plain(e.name, 200),
    category: plain(e.category, 50).toLowerCase(),
    post: plain(e.post, 200),
    affiliation: plain(e.content, 600),
    degree: plain(e.degree, 100),
    country: plain(e.country, 100),
    email: plain(e.email, 200),
    phone: plain(e.phone, 50),
    website: plain(e.editor_website, 300),
  };
}

/** Editors of the public board (content lists only enabled ones) in their order: pinned first, then as content listed them. */
export function boardEditors(list: PublicEditorRead[]): EditorInfo[] {
  const pinned = list.filter((e) => Number(e.is_pinned) === 1);
  const rest = list.filter((e) => Number(e.is_pinned) !== 1);
  return [...pinned, ...rest].map(toEditor);
}

export function toJournal(settings: PublicSettingsRead, editors: EditorInfo[], logo: string): JournalInfo {
  const chief = editors.find((e) => e.category === 'chief editor');
  const name = plain(settings.formatted_journal_name, 300) || plain(settings.websitename, 300) || 'Journal';
  return {
    name,
    siteName: plain(settings.websitename, 200),
    domain: plain(settings.domain, 253),
    email: plain(settings.websiteemail, 200),
    issn: plain(settings.issn, 50),
    essn: plain(settings.journal_essn, 50),
    impactFactor: impactFactor(settings.impactfactor),
    frequency: plain(settings.journal_frequency, 50),
    logo,
    chiefEditor: chief ? [chief.name, chief.degree].filter(Boolean).join(', ') : '',
    publisher: publisherAddress(str(settings.address)).map((l) => plain(l, 200)).join(', '),
  };
}

export const showEditorContacts = (settings: PublicSettingsRead): boolean => settings.flags.showEditorContacts;

const sameText = (a: string, b: string) => a.normalize('NFC').replace(/[\s.]+/g, ' ').trim().toLocaleLowerCase() === b.normalize('NFC').replace(/[\s.]+/g, ' ').trim().toLocaleLowerCase();

/**
 * Where an editor works, for the board and the certificates: designation, affiliation and
 * country, the country once (affiliations usually end with it already: '..., Varanasi, India').
 */
export function editorPlace(e: Pick<EditorInfo, 'post' | 'affiliation' | 'country'>): string[] {
  const parts = e.affiliation.split(',').map((p) => p.trim());
  const named = !!e.country && parts.some((p) => sameText(p, e.country));
  return [e.post, e.affiliation, named ? '' : e.country].filter(Boolean);
}
