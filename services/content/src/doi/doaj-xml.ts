import { orcidUrl, pageSpan, splitKeywords, type CitedArticle } from '@journal/contracts';
import { plain } from '../shared/text';
import { xml, xmlLines, xmlOrderedDocument, type XmlNode } from '../seo/xml';
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

/** DOAJ's ISSN pattern takes digits with an optional hyphen; keep the form as typed, upper-case X. */
const issn = (tag: string, v: string) => ISSN_RE.test(v) && xml(tag, null, v.toUpperCase());

function record(j: DoajJournal, a: DoajArticle): XmlNode {
  const lang = doajLanguage(j.language);
  const langAttr = { language: lang };
  const [y, m, d] = dateParts(a);
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${String(y).padStart(4, '0')}${m ? `-${two(m)}` : ''}${m && d ? `-${two(d)}` : ''}`;
  const span = pageSpan(a.pagenumber);
  const authors = articleAuthors(a);
  const affs = affiliationIndex(authors);
  const abstract = abstractParagraphs(a.abstract).join(' ');
  const keywords = splitKeywords(a.keywords);
  return xml(
    'record',
    null,
    lang && xml('language', null, lang),
    j.publisher && xml('publisher', null, j.publisher),
    xml('journalTitle', null, j.title),
    issn('issn', j.issn),
    issn('eissn', j.eissn),
    xml('publicationDate', null, date),
    xml('volume', null, a.volume),
    xml('issue', null, a.issue),
    span && [xml('startPage', null, span.first), xml('endPage', null, span.last)],
    a.doi && xml('doi', null, a.doi),
    xml('publisherRecordId', null, a.refnumber),
    xml('documentType', null, 'article'),
    xml('title', langAttr, plain(a.title)),
    authors.length > 0 &&
      xml(
        'authors',
        null,
        authors.map((p, i) =>
          xml('author', null, xml('name', null, displayName(p)), affs.of[i]!.map((k) => xml('affiliationId', null, k + 1)), p.orcid && xml('orcid_id', null, orcidUrl(p.orcid))),
        ),
      ),
    affs.list.length > 0 && xml('affiliationsList', null, affs.list.map((f, k) => xml('affiliationName', { affiliationId: k + 1 }, f.name))),
    abstract && xml('abstract', langAttr, abstract),
    a.pdfUrl ? xml('fullTextUrl', { format: 'pdf' }, a.pdfUrl) : xml('fullTextUrl', { format: 'html' }, a.url),
    keywords.length > 0 && xml('keywords', langAttr, keywords.map((k) => xml('keyword', null, k))),
  );
}

/** The DOAJ file of the given articles (an issue's public ones, in order). */
export function doajRecords(j: DoajJournal, articles: DoajArticle[]): string {
  return xmlOrderedDocument(xml('records', null, xmlLines(...articles.map((a) => record(j, a)))), '\n');
}
