import { isValidDoi, licenseByUrl, orcidUrl, pageSpan, type CitedArticle } from '@journal/contracts';
import { decodeEntities } from '../shared/text';
import { xmlEscape } from '../seo/xml';
import { dateParts } from '../cite/cite-formats';
import { articleAuthors } from '../cite/article-authors';
import { abstractParagraphs } from '../cite/abstract-text';

/**
 * A Crossref deposit (schema 5.3.1) of one journal issue's articles: the file staff upload to
 * Crossref to register the DOIs. Pure: the caller has checked that every article has a DOI.
 */

export const CROSSREF_VERSION = '5.3.1';
export const CROSSREF_NS = `http://www.crossref.org/schema/${CROSSREF_VERSION}`;
export const ISSN_RE = /^\d{4}-?\d{3}[\dXx]$/;

export interface CrossrefJournal {
  title: string;
  /** Print and electronic ISSN; at least one is needed by Crossref for a journal. */
  issn: string;
  eissn: string;
  /** ISO 639-1 code of the articles' language, when known. */
  language?: string;
  depositorName: string;
  depositorEmail: string;
  registrant: string;
}

/**
 * The cited fields (title: sanitised inline HTML) and where the DOI resolves; `license` is the
 * licence the article states (its own or its journal's), already resolved.
 */
export type CrossrefArticle = Omit<CitedArticle, 'keywords'> & {
  /** Absolute URL of the article page. */
  url: string;
};

/** Crossref face markup allowed in titles; HTML's em/strong are its i/b. */
const FACE: Record<string, string> = { i: 'i', em: 'i', b: 'b', strong: 'b', u: 'u', sub: 'sub', sup: 'sup' };

/**
 * Inline HTML → XML inline markup: the tags `faces` maps are renamed (balanced), other tags
 * dropped, text escaped once. Crossref and JATS titles use it with their own element names.
 */
export function inlineMarkup(html: string, faces: Record<string, string>): string {
  const out: string[] = [];
  const open: string[] = [];
  for (const m of String(html ?? '').matchAll(/<(\/?)([a-z]+)[^>]*>|([^<]+)/gi)) {
    if (m[3] !== undefined) {
      out.push(xmlEscape(decodeEntities(m[3]).replace(/\s+/g, ' ')));
      continue;
    }
    const face = faces[m[2]!.toLowerCase()];
    if (!face) continue;
    if (!m[1]) {
      out.push(`<${face}>`);
      open.push(face);
    } else if (open.includes(face)) {
      // Close back to the matching open tag so the result always nests.
      while (open.length) {
        const t = open.pop()!;
        out.push(`</${t}>`);
        if (t === face) break;
      }
    }
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('').trim();
}

/** Inline title HTML → Crossref title content (face markup kept). */
export const crossrefTitle = (html: string): string => inlineMarkup(html, FACE);

const el = (tag: string, v: string | number) => `<${tag}>${xmlEscape(String(v))}</${tag}>`;

function pubDate(a: Pick<CrossrefArticle, 'publishdate' | 'year'>): string {
  const [y, m, d] = dateParts(a);
  return `<publication_date media_type="online">${m ? el('month', String(m).padStart(2, '0')) : ''}${d ? el('day', String(d).padStart(2, '0')) : ''}${el('year', y!)}</publication_date>`;
}

function pages(pagenumber: string): string {
  const p = pageSpan(pagenumber);
  if (!p) return '';
  return `<pages>${el('first_page', p.first)}${p.last !== p.first ? el('last_page', p.last) : ''}</pages>`;
}

/** docs/product.md#crossref-xml: each affiliation's name, with its ROR id as `institution_id`. */
const affiliations = (list: { name: string; ror: string }[]) =>
  list.length
    ? `<affiliations>${list.map((f) => `<institution>${el('institution_name', f.name)}${f.ror ? el('institution_id', f.ror).replace('<institution_id>', '<institution_id type="ror">') : ''}</institution>`).join('')}</affiliations>`
    : '';

/** The licence as access indicators: free to read when it is an open one. */
function accessIndicators(url: string | undefined): string {
  const l = licenseByUrl(url);
  if (!l) return '';
  return `<ai:program name="AccessIndicators">${l.open ? '<ai:free_to_read/>' : ''}<ai:license_ref applies_to="vor">${xmlEscape(l.url)}</ai:license_ref></ai:program>`;
}

/** The reference list as unstructured citations, with the DOI found in each. */
function citationList(refs: CrossrefArticle['references']): string {
  if (!refs?.length) return '';
  return `<citation_list>${refs
    .map((r, i) => `<citation key="ref${i + 1}">${r.doi && isValidDoi(r.doi) ? el('doi', r.doi) : ''}${el('unstructured_citation', r.text)}</citation>`)
    .join('')}</citation_list>`;
}

function articleXml(a: CrossrefArticle, language?: string): string {
  const authors = articleAuthors(a);
  const contributors = authors.length
    ? `<contributors>${authors
        .map(
          (p, i) =>
            `<person_name sequence="${i === 0 ? 'first' : 'additional'}" contributor_role="author">${p.given ? el('given_name', p.given) : ''}${el('surname', p.family)}${affiliations(p.affiliations)}${p.orcid ? `<ORCID authenticated="false">${xmlEscape(orcidUrl(p.orcid))}</ORCID>` : ''}</person_name>`,
        )
        .join('')}</contributors>`
    : '';
  const abstract = abstractParagraphs(a.abstract);
  return [
    `<journal_article publication_type="full_text"${language ? ` language="${xmlEscape(language)}"` : ''}>`,
    `<titles><title>${crossrefTitle(a.title)}</title></titles>`,
    contributors,
    abstract.length ? `<jats:abstract>${abstract.map((p) => `<jats:p>${xmlEscape(p)}</jats:p>`).join('')}</jats:abstract>` : '',
    pubDate(a),
    pages(a.pagenumber),
    accessIndicators(a.license),
    `<doi_data>${el('doi', a.doi)}${el('resource', a.url)}</doi_data>`,
    citationList(a.references),
    '</journal_article>',
  ].join('');
}

/** yyyyMMddHHmmssSSS: Crossref wants a number that grows with each deposit of a DOI. */
export const crossrefTimestamp = (d: Date) => d.toISOString().replace(/\D/g, '').slice(0, 17);

/** The deposit file: one journal, one issue, the given articles in order. */
export function crossrefDeposit(
  j: CrossrefJournal,
  issue: { year: number; volume: number; issue: number },
  articles: CrossrefArticle[],
  opts: { batchId: string; now: Date },
): string {
  const issns = [
    j.issn && ISSN_RE.test(j.issn) ? `<issn media_type="print">${xmlEscape(j.issn.toUpperCase())}</issn>` : '',
    j.eissn && ISSN_RE.test(j.eissn) ? `<issn media_type="electronic">${xmlEscape(j.eissn.toUpperCase())}</issn>` : '',
  ].join('');
  // The issue's date: the earliest article date in it, or the year.
  const first = [...articles].sort((x, y) => (x.publishdate || '9').localeCompare(y.publishdate || '9'))[0];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<doi_batch xmlns="${CROSSREF_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:jats="http://www.ncbi.nlm.nih.gov/JATS1" xmlns:ai="http://www.crossref.org/AccessIndicators.xsd" version="${CROSSREF_VERSION}" xsi:schemaLocation="${CROSSREF_NS} https://www.crossref.org/schemas/crossref${CROSSREF_VERSION}.xsd">`,
    '<head>',
    el('doi_batch_id', opts.batchId),
    el('timestamp', crossrefTimestamp(opts.now)),
    `<depositor>${el('depositor_name', j.depositorName)}${el('email_address', j.depositorEmail)}</depositor>`,
    el('registrant', j.registrant),
    '</head>',
    '<body>',
    '<journal>',
    `<journal_metadata${j.language ? ` language="${xmlEscape(j.language)}"` : ''}>${el('full_title', j.title)}${issns}</journal_metadata>`,
    `<journal_issue>${pubDate(first ?? { publishdate: '', year: issue.year })}<journal_volume>${el('volume', issue.volume)}</journal_volume>${el('issue', issue.issue)}</journal_issue>`,
    ...articles.map((a) => articleXml(a, j.language)),
    '</journal>',
    '</body>',
    '</doi_batch>',
    '',
  ].join('\n');
}

