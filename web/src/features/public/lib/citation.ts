/**
 * Pure formatting rules of the public site (docs/product.md#display-rules): citation authors, title clean-up,
 * route-param numbers, zero padding and frequency labels. No DOM here, so the rules run in
 * unit tests and anywhere else unchanged.
 */

import { decodeEntities, firstNumber, splitAuthors } from '@journal/contracts/text.rules';
import { escapeHtml } from '@journal/contracts/escape-html';
import { isTitleTag, TITLE_TAG_PATTERN } from '@journal/contracts/title-tags';
import type { PublicAuthor } from '@journal/contracts/article-authors';
import { capitalizeFrequency } from './display';

/** The shared rules (docs/product.md#encoded-text, #authors, #route-params), under the names this feature uses. */
export { decodeEntities as decodeHtmlEntities, firstNumber, splitAuthors };
export { capitalizeFrequency, impactFactorDisplay, whatsappLink, whatsappNumber } from './display';

/**
 * docs/product.md#display-rules: titles keep only the title tags (`TITLE_TAGS`: italics, sub- and
 * superscript, without attributes), and whitespace is collapsed. Input may be entity-encoded.
 */
export function cleanTitle(raw: string | null | undefined): string {
  const decoded = decodeEntities(raw);
  return decoded
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?([a-z][a-z0-9-]*)\b[^>]*>/gi, (tag, name: string) => {
      const n = name.toLowerCase();
      // Block-level tags separated words; inline ones (sub, sup, b...) did not.
      if (!isTitleTag(n)) return /^(br|p|div|li|tr|td|th|h[1-6]|ul|ol|table|blockquote|hr)$/.test(n) ? ' ' : '';
      return tag[1] === '/' ? `</${n}>` : `<${n}>`;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The title as plain text (document titles, meta tags). */
const TITLE_TAGS_RE = new RegExp(TITLE_TAG_PATTERN, 'g');
export const titleText = (raw: string | null | undefined) => cleanTitle(raw).replace(TITLE_TAGS_RE, '');

/**
 * docs/product.md#display-rules: 'Dr. ' is removed, then 'Surname I. I.' from the last word plus the initials of the
 * other words; a single word gets a trailing dot.
 */
export function citeAuthor(name: string): string {
  const words = name
    .replace(/^\s*Dr\.\s*/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) return '';
  const surname = words[words.length - 1]!;
  if (words.length === 1) return surname.endsWith('.') ? surname : `${surname}.`;
  const initials = words.slice(0, -1).map((w) => `${Array.from(w.replace(/^[^\p{L}]+/u, '') || w)[0]!.toUpperCase()}.`);
  return `${surname.replace(/\.$/, '')} ${initials.join(' ')}`;
}

/**
 * docs/product.md#structured-authors: a listed author in the same form: the family name, then
 * the initials of the given names; a single-name author gets a trailing dot. (Kept here rather
 * than imported: the contracts' author module would bring its name-splitting rules into the
 * archive's first load.)
 */
export function citeListedAuthor(p: Pick<PublicAuthor, 'given' | 'family'>): string {
  const initials = p.given
    .split(/[\s.]+/)
    .filter(Boolean)
    .map((w) => `${Array.from(w)[0]!.toUpperCase()}.`);
  return initials.length ? `${p.family} ${initials.join(' ')}` : `${p.family}.`;
}

/** Every author of the comma-separated field in citation form, joined by ', '. */
export const citeAuthors = (authorname: string | null | undefined) => splitAuthors(authorname).map(citeAuthor).filter(Boolean).join(', ');

/** docs/product.md#display-rules: volume and issue show with 2 digits, article counts with 3. */
export const pad = (n: number | string | null | undefined, width: number) => String(n ?? '').padStart(width, '0');
export const pad2 = (n: number | string | null | undefined) => pad(n, 2);
export const pad3 = (n: number | string | null | undefined) => pad(n, 3);

/** 'VOL. 01, ISSUE 02 (2024)' plus ' — Bi-Monthly' when a frequency is known. */
export function issueHeading(year: number | string, volume: number | string, issue: number | string, frequency?: string | null): string {
  const base = `VOL. ${pad2(volume)}, ISSUE ${pad2(issue)} (${year})`;
  const f = capitalizeFrequency(frequency);
  return f ? `${base} — ${f}` : base;
}

/** The archive sidebar label: 'VOL. 01 : ISSUE 02' plus ' : MONTH' when the month is known. */
export function issueLinkLabel(volume: number | string, issue: number | string, month?: string | null): string {
  const base = `VOL. ${pad2(volume)} : ISSUE ${pad2(issue)}`;
  const m = String(month ?? '').trim();
  return m ? `${base} : ${m.toUpperCase()}` : base;
}

export interface CitableArticle {
  authorname: string;
  /** docs/product.md#structured-authors: when present, the citation names them ('Family I. I.'). */
  authors?: Pick<PublicAuthor, 'given' | 'family'>[];
  title: string;
  year: number | string;
  volume: number | string;
  issue: number | string;
  pagenumber: string;
}

/**
 * The 'How to cite this article' line: authors, title, journal name, volume, issue, year, pages.
 * Returns HTML whose only tags are the title's i/em; the journal name is escaped.
 */
export function citationHtml(a: CitableArticle, journalName: string): string {
  const authors = a.authors?.length ? a.authors.map(citeListedAuthor).join(', ') : citeAuthors(a.authorname);
  const title = cleanTitle(a.title).replace(/[.\s]+$/, '');
  const parts = [
    authors ? `${authors.replace(/\.$/, '')}.` : '',
    title ? `${title}.` : '',
    journalName ? `${escapeText(journalName)}.` : '',
    `Volume ${pad2(a.volume)}, Issue ${pad2(a.issue)}, ${a.year}${a.pagenumber ? `, Pages ${escapeText(a.pagenumber)}` : ''}.`,
  ];
  return parts.filter(Boolean).join(' ');
}

export const escapeText = escapeHtml;
