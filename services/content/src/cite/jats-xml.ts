import { licenseByUrl, licenseLine, orcidUrl, pageSpan, splitKeywords, type CitedArticle } from '@journal/contracts';
import { abstractParagraphs } from './abstract-text';
import { xmlEscape } from '../seo/xml';
import { inlineMarkup, ISSN_RE } from '../doi/crossref-xml';
import { dateParts } from './cite-formats';
import { affiliationIndex, articleAuthors } from './article-authors';

/**
 * One article's front matter as JATS XML (NISO JATS 1.3, Journal Publishing tag set): what
 * aggregators and archives read. Pure; the element order is the tag set's content model.
 * OAI-PMH serves the same document as its `jats` metadata format (`jatsArticleElement`).
 */

export interface JatsJournal {
  /** The journal's short id (its slug). */
  id: string;
  title: string;
  issn: string;
  eissn: string;
  publisher: string;
  /** ISO 639-1 code of the articles' language, when known. */
  language?: string;
}

/** `license`: the licence the article states (its own or its journal's), already resolved. */
export type JatsArticle = CitedArticle & {
  /** Absolute URL of the article page. */
  url: string;
  /** Absolute URL of the PDF, or ''. */
  pdfUrl: string;
};

/** HTML faces → JATS inline formatting elements. */
const JATS_FACE: Record<string, string> = { i: 'italic', em: 'italic', b: 'bold', strong: 'bold', u: 'underline', sub: 'sub', sup: 'sup' };

const el = (tag: string, v: string | number, attrs = '') => `<${tag}${attrs}>${xmlEscape(String(v))}</${tag}>`;
const attr = (v: string) => xmlEscape(v);

function issns(j: JatsJournal): string {
  const out: string[] = [];
  if (ISSN_RE.test(j.issn)) out.push(el('issn', j.issn.toUpperCase(), ' publication-format="print"'));
  if (ISSN_RE.test(j.eissn)) out.push(el('issn', j.eissn.toUpperCase(), ' publication-format="electronic"'));
  return out.join('');
}

function pubDate(a: JatsArticle): string {
  const [y, m, d] = dateParts(a);
  const two = (n: number) => String(n).padStart(2, '0');
  return `<pub-date publication-format="electronic" date-type="pub">${d ? el('day', two(d)) : ''}${m ? el('month', two(m)) : ''}${el('year', y!)}</pub-date>`;
}

function permissions(url: string | undefined): string {
  const l = licenseByUrl(url);
  if (!l) return '';
  return `<permissions><license${l.open ? ' license-type="open-access"' : ''} xlink:href="${attr(l.url)}">${el('license-p', licenseLine(l))}</license></permissions>`;
}

/** One reference as mixed citation: its text, the DOI in it marked as the `pub-id` it is. */
function reference(r: { text: string; doi: string }, i: number): string {
  const at = r.doi ? r.text.indexOf(r.doi) : -1;
  const body = at < 0 ? xmlEscape(r.text) : `${xmlEscape(r.text.slice(0, at))}${el('pub-id', r.doi, ' pub-id-type="doi"')}${xmlEscape(r.text.slice(at + r.doi.length))}`;
  return `<ref id="ref${i + 1}"><mixed-citation>${body}</mixed-citation></ref>`;
}

/** The `<article>` element alone (no XML declaration): what an OAI-PMH record wraps. */
export function jatsArticleElement(j: JatsJournal, a: JatsArticle): string {
  const authors = articleAuthors(a);
  const affs = affiliationIndex(authors);
  const contribs = authors.length
    ? `<contrib-group>${authors
        .map(
          (p, i) =>
            `<contrib contrib-type="author"${p.corresponding ? ' corresp="yes"' : ''}>${p.orcid ? el('contrib-id', orcidUrl(p.orcid), ' contrib-id-type="orcid" authenticated="false"') : ''}<name>${el('surname', p.family)}${p.given ? el('given-names', p.given) : ''}</name>${affs.of[i]!.map((k) => `<xref ref-type="aff" rid="aff${k + 1}"/>`).join('')}</contrib>`,
        )
        .join('')}</contrib-group>${affs.list
        .map(
          (f, k) =>
            `<aff id="aff${k + 1}"><institution-wrap>${el('institution', f.name)}${f.ror ? el('institution-id', f.ror, ' institution-id-type="ror"') : ''}</institution-wrap></aff>`,
        )
        .join('')}`
    : '';
  const span = pageSpan(a.pagenumber);
  const pages = span ? `${el('fpage', span.first)}${el('lpage', span.last)}` : '';
  const abstract = abstractParagraphs(a.abstract);
  const keywords = splitKeywords(a.keywords);
  const lang = j.language ? ` xml:lang="${attr(j.language)}"` : '';
  return [
    `<article xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:mml="http://www.w3.org/1998/Math/MathML" article-type="research-article" dtd-version="1.3"${lang}>`,
    '<front>',
    '<journal-meta>',
    el('journal-id', j.id, ' journal-id-type="publisher-id"'),
    `<journal-title-group>${el('journal-title', j.title)}</journal-title-group>`,
    issns(j),
    j.publisher ? `<publisher>${el('publisher-name', j.publisher)}</publisher>` : '',
    '</journal-meta>',
    '<article-meta>',
    el('article-id', a.refnumber, ' pub-id-type="publisher-id"'),
    a.doi ? el('article-id', a.doi, ' pub-id-type="doi"') : '',
    `<title-group><article-title>${inlineMarkup(a.title, JATS_FACE)}</article-title></title-group>`,
    contribs,
    pubDate(a),
    el('volume', a.volume),
    el('issue', a.issue),
    pages,
    permissions(a.license),
    `<self-uri xlink:href="${attr(a.url)}"/>`,
    a.pdfUrl ? `<self-uri content-type="pdf" xlink:href="${attr(a.pdfUrl)}"/>` : '',
    abstract.length ? `<abstract>${abstract.map((p) => `<p>${xmlEscape(p)}</p>`).join('')}</abstract>` : '',
    keywords.length ? `<kwd-group kwd-group-type="author">${keywords.map((k) => el('kwd', k)).join('')}</kwd-group>` : '',
    '</article-meta>',
    '</front>',
    a.references?.length ? `<back><ref-list>${a.references.map(reference).join('')}</ref-list></back>` : '',
    '</article>',
  ]
    .filter(Boolean)
    .join('\n');
}

export const jatsArticle = (j: JatsJournal, a: JatsArticle): string => `<?xml version="1.0" encoding="UTF-8"?>\n${jatsArticleElement(j, a)}\n`;
