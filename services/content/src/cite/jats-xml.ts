import { pageSpan, splitKeywords, type CitedArticle } from '@journal/contracts';
import { abstractParagraphs } from './abstract-text';
import { xmlEscape } from '../seo/xml';
import { inlineMarkup, ISSN_RE } from '../doi/crossref-xml';
import { dateParts } from './cite-formats';
import { articleAuthors } from './article-authors';

/**
 * One article's front matter as JATS XML (NISO JATS 1.3, Journal Publishing tag set): what
 * aggregators and archives read. Pure; the element order is the tag set's content model.
 * Not yet offered by OAI-PMH (metadata prefix `jats`, as OJS names it): the OAI endpoint is
 * changing separately; serving it there is a matter of wrapping this document in a record.
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

export function jatsArticle(j: JatsJournal, a: JatsArticle): string {
  const authors = articleAuthors(a);
  const contribs = authors.length
    ? `<contrib-group>${authors
        .map(
          (p) =>
            `<contrib contrib-type="author"><name>${el('surname', p.family)}${p.given ? el('given-names', p.given) : ''}</name></contrib>`,
        )
        .join('')}</contrib-group>`
    : '';
  const span = pageSpan(a.pagenumber);
  const pages = span ? `${el('fpage', span.first)}${el('lpage', span.last)}` : '';
  const abstract = abstractParagraphs(a.abstract);
  const keywords = splitKeywords(a.keywords);
  const lang = j.language ? ` xml:lang="${attr(j.language)}"` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
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
    `<self-uri xlink:href="${attr(a.url)}"/>`,
    a.pdfUrl ? `<self-uri content-type="pdf" xlink:href="${attr(a.pdfUrl)}"/>` : '',
    abstract.length ? `<abstract>${abstract.map((p) => `<p>${xmlEscape(p)}</p>`).join('')}</abstract>` : '',
    keywords.length ? `<kwd-group kwd-group-type="author">${keywords.map((k) => el('kwd', k)).join('')}</kwd-group>` : '',
    '</article-meta>',
    '</front>',
    '</article>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
