import { orcidUrl, pageSpan, splitKeywords, type CitedArticle } from '@journal/contracts';
import { plain } from '../shared/text';
import { xmlEscape } from '../seo/xml';
import { dateParts } from '../cite/cite-formats';
import { abstractParagraphs } from '../cite/abstract-text';
import { affiliationIndex, articleAuthors, displayName } from '../cite/article-authors';
import { ISSN_RE } from './crossref-xml';

/**
 * DOAJ's article import format (doajArticles.xsd): one `record` per article of an issue, uploaded
 * by the journal's staff on DOAJ's publisher area. Pure; elements in the schema's order.
 */

export interface DoajJournal {
  title: string;
  publisher: string;
  issn: string;
  eissn: string;
  /** ISO 639-1 code of the articles' language, when known. */
  language?: string;
}

export type DoajArticle = CitedArticle & {
  /** Absolute URL of the article page (the full text when there is no PDF). */
  url: string;
  /** Absolute URL of the PDF, or ''. */
  pdfUrl: string;
};

/** ISO 639-1 → ISO 639-2/B, the bibliographic codes DOAJ wants, for the languages journals name. */
const ISO_639_2B: Record<string, string> = {
  en: 'eng', hi: 'hin', fr: 'fre', de: 'ger', es: 'spa', pt: 'por', it: 'ita', ru: 'rus', zh: 'chi', ar: 'ara',
  bn: 'ben', ta: 'tam', te: 'tel', mr: 'mar', ur: 'urd', gu: 'guj', kn: 'kan', ml: 'mal', pa: 'pan', ne: 'nep',
  id: 'ind', tr: 'tur', fa: 'per', ja: 'jpn', ko: 'kor', nl: 'dut', pl: 'pol', uk: 'ukr', cs: 'cze', ro: 'rum',
};
export const doajLanguage = (iso1: string | undefined) => (iso1 ? ISO_639_2B[iso1] : undefined);

const el = (tag: string, v: string | number, attrs = '') => `<${tag}${attrs}>${xmlEscape(String(v))}</${tag}>`;
/** DOAJ's ISSN pattern takes digits with an optional hyphen; keep the form as typed, upper-case X. */
const issn = (tag: string, v: string) => (ISSN_RE.test(v) ? el(tag, v.toUpperCase()) : '');

function record(j: DoajJournal, a: DoajArticle): string {
  const lang = doajLanguage(j.language);
  const langAttr = lang ? ` language="${lang}"` : '';
  const [y, m, d] = dateParts(a);
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${String(y).padStart(4, '0')}${m ? `-${two(m)}` : ''}${m && d ? `-${two(d)}` : ''}`;
  const span = pageSpan(a.pagenumber);
  const authors = articleAuthors(a);
  const affs = affiliationIndex(authors);
  const abstract = abstractParagraphs(a.abstract).join(' ');
  const keywords = splitKeywords(a.keywords);
  return [
    '<record>',
    lang ? el('language', lang) : '',
    j.publisher ? el('publisher', j.publisher) : '',
    el('journalTitle', j.title),
    issn('issn', j.issn),
    issn('eissn', j.eissn),
    el('publicationDate', date),
    el('volume', a.volume),
    el('issue', a.issue),
    span ? el('startPage', span.first) + el('endPage', span.last) : '',
    a.doi ? el('doi', a.doi) : '',
    el('publisherRecordId', a.refnumber),
    el('documentType', 'article'),
    el('title', plain(a.title), langAttr),
    authors.length
      ? `<authors>${authors
          .map(
            (p, i) =>
              `<author>${el('name', displayName(p))}${affs.of[i]!.map((k) => el('affiliationId', k + 1)).join('')}${p.orcid ? el('orcid_id', orcidUrl(p.orcid)) : ''}</author>`,
          )
          .join('')}</authors>`
      : '',
    affs.list.length ? `<affiliationsList>${affs.list.map((f, k) => el('affiliationName', f.name, ` affiliationId="${k + 1}"`)).join('')}</affiliationsList>` : '',
    abstract ? el('abstract', abstract, langAttr) : '',
    a.pdfUrl ? el('fullTextUrl', a.pdfUrl, ' format="pdf"') : el('fullTextUrl', a.url, ' format="html"'),
    keywords.length ? `<keywords${langAttr}>${keywords.map((k) => el('keyword', k)).join('')}</keywords>` : '',
    '</record>',
  ]
    .filter(Boolean)
    .join('');
}

/** The DOAJ file of the given articles (an issue's public ones, in order). */
export function doajRecords(j: DoajJournal, articles: DoajArticle[]): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<records>', ...articles.map((a) => record(j, a)), '</records>', ''].join('\n');
}
